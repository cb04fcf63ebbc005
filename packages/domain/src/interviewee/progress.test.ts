import { describe, expect, it } from 'vitest';
import {
  STATUS_ANSWERS_COMPLETE,
  STATUS_ANSWERS_INCOMPLETE,
  answerProgress,
  firstUnansweredQuestion,
  isPastDeadline,
  recordingExtension,
} from './progress';

describe('firstUnansweredQuestion', () => {
  it.each([
    [[3, 1, 2], [], 3],
    [[3, 1, 2], [3], 1],
    [[3, 1, 2], [1, 3], 2],
    [[3, 1, 2], [2], 3],
    [[3, 1, 2], [1, 2, 3], null],
    [[], [], null],
  ])('questions %j answered %j → %s', (questions, answered, expected) => {
    expect(firstUnansweredQuestion(questions, answered)).toBe(expected);
  });
});

describe('answerProgress', () => {
  it('is incomplete (status 6) while answers are fewer than questions', () => {
    expect(answerProgress({ answerCount: 1, questionCount: 3 })).toEqual({
      status: STATUS_ANSWERS_INCOMPLETE,
      complete: false,
    });
    expect(STATUS_ANSWERS_INCOMPLETE).toBe(6);
  });
  it('is complete when every question has an answer', () => {
    expect(answerProgress({ answerCount: 3, questionCount: 3 })).toEqual({
      status: STATUS_ANSWERS_COMPLETE,
      complete: true,
    });
  });
  it('never completes an interview without questions', () => {
    expect(answerProgress({ answerCount: 0, questionCount: 0 }).complete).toBe(
      false,
    );
  });
});

describe('recordingExtension', () => {
  it.each([
    ['video/webm;codecs=vp8,opus', 'webm'],
    ['video/webm', 'webm'],
    ['video/mp4;codecs=avc1', 'mp4'],
    ['VIDEO/QUICKTIME', 'mov'],
    ['text/plain', null],
    ['audio/webm', null],
  ])('%s → %s', (type, expected) => {
    expect(recordingExtension(type)).toBe(expected);
  });
});

describe('isPastDeadline', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('compares with now, and no deadline never passes', () => {
    expect(isPastDeadline('2026-11-21T11:59:59Z', now)).toBe(true);
    expect(isPastDeadline(new Date('2026-11-21T12:00:01Z'), now)).toBe(false);
    expect(isPastDeadline(null, now)).toBe(false);
  });
});
