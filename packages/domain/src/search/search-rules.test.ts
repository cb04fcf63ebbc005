import { describe, expect, it } from 'vitest';
import {
  interviewResultPath,
  isSearchable,
  personResultPath,
} from './search-rules';

describe('search rules', () => {
  it.each([
    ['', false],
    ['ab', false],
    ['  ab  ', false],
    ['abc', true],
    ['jane@', true],
  ])('searches %j: %s', (query, expected) => {
    expect(isSearchable(query)).toBe(expected);
  });

  it('links a person with answers to the interviewee page', () => {
    const result = {
      id: 7,
      job: { id: 3 },
      has_answers: true,
      stage: 'Responded',
      filter: 'All',
    };
    expect(personResultPath(result)).toBe('/interviews/3/interviewee/7');
  });

  it('links a person without answers to the job page with stage and filter', () => {
    const result = {
      id: 7,
      job: { id: 3 },
      has_answers: false,
      stage: 'AwaitingResponse',
      filter: 'All',
    };
    expect(personResultPath(result)).toBe(
      '/interviews/3?status=AwaitingResponse&filter=All',
    );
  });

  it('links a Draft to its summary and others to To invite', () => {
    expect(interviewResultPath({ id: 5, status: 'Draft' })).toBe(
      '/create/5/summary',
    );
    expect(interviewResultPath({ id: 5, status: 'Published' })).toBe(
      '/interviews/5?status=ToInvite&filter=All',
    );
    expect(interviewResultPath({ id: 5, status: 'Archived' })).toBe(
      '/interviews/5?status=ToInvite&filter=All',
    );
  });
});
