import { describe, expect, it } from 'vitest';
import { formatDuration } from '../emails/merge-tags';
import { interviewMinutes, interviewSeconds } from './interview-duration';

describe('interview duration (one rule for the e-mail, the welcome page and the preview)', () => {
  it.each([
    // The case: 30 s thinking + 2 min answering = 150 s, "about 3 minutes" everywhere.
    [[{ thinking_time: 30, time_limit: 120 }], 150, 3, '3 minutes'],
    [
      [
        { thinking_time: 30, time_limit: 90 },
        { thinking_time: 30, time_limit: 150 },
      ],
      300,
      5,
      '5 minutes',
    ],
    [[{ thinking_time: 0, time_limit: 30 }], 30, 1, '1 minute'],
    [[{ thinking_time: 0, time_limit: 60 }], 60, 1, '1 minute'],
    [[{ thinking_time: 1, time_limit: 60 }], 61, 2, '2 minutes'],
    [[], 0, 1, '1 minute'],
  ])(
    'questions %j take %i s: about %i minutes ("%s")',
    (questions, seconds, minutes, text) => {
      expect(interviewSeconds(questions)).toBe(seconds);
      expect(interviewMinutes(seconds)).toBe(minutes);
      expect(formatDuration(seconds)).toBe(text);
    },
  );

  it('says hours past sixty minutes in the e-mail', () => {
    expect(interviewMinutes(3900)).toBe(65);
    expect(formatDuration(3900)).toBe('1 hour 5 minutes');
    expect(formatDuration(7200)).toBe('2 hours');
  });
});
