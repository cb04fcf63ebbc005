import { describe, expect, test } from 'vitest';
import {
  greenhouseApplicationOf,
  greenhouseStatus,
  type GreenhouseStatusFacts,
} from './greenhouse';

const now = new Date('2026-12-07T12:00:00Z');
const before = new Date('2026-12-06T12:00:00Z');
const after = new Date('2026-12-08T12:00:00Z');
const none: GreenhouseStatusFacts = {
  invited_at: null,
  started_at: null,
  responded_at: null,
  declined_at: null,
  deadline: null,
  invitation_failed: false,
};

describe('greenhouseStatus', () => {
  test.each<[string, Partial<GreenhouseStatusFacts>, string]>([
    ['added, not yet invited', {}, 'not_sent'],
    ['invited', { invited_at: before, deadline: after }, 'sent'],
    [
      'recording started',
      { invited_at: before, started_at: before, deadline: after },
      'started',
    ],
    [
      'answers submitted (Greenhouse’s word)',
      { invited_at: before, started_at: before, responded_at: now },
      'complete',
    ],
    [
      'submitted, deadline passed since',
      { invited_at: before, responded_at: before, deadline: before },
      'complete',
    ],
    ['declined', { invited_at: before, declined_at: now }, 'declined'],
    [
      'deadline passed unanswered',
      { invited_at: before, deadline: before },
      'expired',
    ],
    [
      'started, deadline passed',
      { invited_at: before, started_at: before, deadline: before },
      'expired',
    ],
    [
      'invitation bounced',
      { invited_at: before, invitation_failed: true },
      'invitation_failed',
    ],
  ])('%s', (_case, facts, expected) => {
    expect(greenhouseStatus({ ...none, ...facts }, now)).toBe(expected);
  });
});

describe('greenhouseApplicationOf', () => {
  test.each([
    [
      'https://app.greenhouse.io/people/17681532?application_id=26234709',
      'application:26234709',
    ],
    [
      'https://app.greenhouse.io/people/17681532',
      'url:https://app.greenhouse.io/people/17681532',
    ],
    [
      'https://app.greenhouse.io/people/1?application_id=abc',
      'url:https://app.greenhouse.io/people/1?application_id=abc',
    ],
    [
      'https://app.greenhouse.io/people/1?source=x&application_id=7#top',
      'application:7',
    ],
    ['not a url', null],
    ['ftp://app.greenhouse.io/people/1?application_id=2', null],
  ])('%s', (url, expected) => {
    expect(greenhouseApplicationOf(url)).toBe(expected);
  });
});
