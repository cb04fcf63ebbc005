import { describe, expect, it } from 'vitest';
import {
  canApplyJobAction,
  jobActions,
  publishProblems,
  statusAfter,
} from './lifecycle';

describe('interview lifecycle', () => {
  it.each([
    ['Draft', ['publish', 'archive', 'delete']],
    ['Published', ['archive']],
    ['Archived', ['unarchive', 'delete']],
  ] as const)('%s offers %j', (status, actions) => {
    expect(jobActions(status)).toEqual(actions);
  });

  it('refuses publishing twice and deleting a published interview', () => {
    expect(canApplyJobAction('Published', 'publish')).toBe(false);
    expect(canApplyJobAction('Published', 'delete')).toBe(false);
    expect(canApplyJobAction('Draft', 'unarchive')).toBe(false);
  });

  it('unarchives to Published only when the job was published before', () => {
    expect(statusAfter('unarchive', true)).toBe('Published');
    expect(statusAfter('unarchive', false)).toBe('Draft');
    expect(statusAfter('publish', false)).toBe('Published');
    expect(statusAfter('archive', true)).toBe('Archived');
  });

  it('needs a title and at least one question to publish', () => {
    expect(publishProblems({ title: 'Sales', question_count: 2 })).toEqual([]);
    expect(publishProblems({ title: ' ', question_count: 0 })).toEqual([
      'Give your interview a title before publishing it.',
      'Add at least one question before publishing.',
    ]);
  });
});
