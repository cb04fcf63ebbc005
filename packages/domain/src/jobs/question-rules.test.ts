import { describe, expect, it } from 'vitest';
import { questionInputSchema } from '../schemas/questions';
import { DEFAULT_TIME_LIMIT } from '../constants';
import { needsReviewCompetency, questionFieldErrors } from './question-rules';

describe('question rules (spec section 5)', () => {
  it.each([
    [2, 3, true],
    [2, 0, false],
    [1, 3, false],
    [0, 3, false],
  ])(
    'rating style %i, competency %i needs a review competency: %s',
    (style, competency, expected) => {
      expect(needsReviewCompetency(style, competency)).toBe(expected);
    },
  );

  it('reports the missing review competency as a field error', () => {
    expect(
      questionFieldErrors({ competency: 4, review_competency: null }, 2),
    ).toEqual({
      review_competency: 'Choose a review competency for this question',
    });
    expect(
      questionFieldErrors({ competency: 4, review_competency: 4 }, 2),
    ).toEqual({});
  });

  it('requires text and applies the default time limit when none is chosen', () => {
    expect(questionInputSchema.safeParse({ text: '  ' }).success).toBe(false);
    const parsed = questionInputSchema.parse({
      text: 'Why us?',
      time_limit: null,
    });
    expect(parsed.time_limit).toBe(DEFAULT_TIME_LIMIT);
    expect(
      questionInputSchema.safeParse({ text: 'Why us?', time_limit: 61 })
        .success,
    ).toBe(false);
  });
});
