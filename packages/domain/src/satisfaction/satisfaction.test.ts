import { describe, expect, it } from 'vitest';
import {
  satisfactionAnswerSchema,
  summariseSatisfaction,
} from './satisfaction';

describe('summariseSatisfaction', () => {
  it('counts each score and gives the mean to one decimal place', () => {
    expect(
      summariseSatisfaction([
        { rating: 4, count: 2 },
        { rating: 5, count: 1 },
        { rating: 1, count: 0 },
      ]),
    ).toEqual({
      satisfaction_responses: 3,
      satisfaction_average: 4.3,
      satisfaction_distribution: [0, 0, 0, 2, 1],
    });
  });

  it('has no average without answers', () => {
    expect(summariseSatisfaction([])).toEqual({
      satisfaction_responses: 0,
      satisfaction_average: null,
      satisfaction_distribution: [0, 0, 0, 0, 0],
    });
  });
});

describe('satisfactionAnswerSchema', () => {
  it('takes a score with or without a comment, trimmed', () => {
    expect(satisfactionAnswerSchema.parse({ rating: 4 })).toEqual({
      rating: 4,
      comment: '',
    });
    expect(
      satisfactionAnswerSchema.parse({ rating: 1, comment: '  Too long. ' }),
    ).toEqual({ rating: 1, comment: 'Too long.' });
  });

  it.each([0, 6, 3.5, '4', null])('refuses the score %s', (rating) => {
    const result = satisfactionAnswerSchema.safeParse({ rating });
    expect(result.error?.issues[0]?.message).toBe(
      'Choose a score from 1 to 5.',
    );
  });

  it('refuses a comment over 1,000 characters and an unknown field', () => {
    expect(
      satisfactionAnswerSchema.safeParse({
        rating: 3,
        comment: 'a'.repeat(1001),
      }).error?.issues[0]?.message,
    ).toBe('Keep the comment to 1000 characters.');
    expect(
      satisfactionAnswerSchema.safeParse({ rating: 3, name: 'Ada' }).success,
    ).toBe(false);
  });
});
