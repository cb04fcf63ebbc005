import { describe, expect, it } from 'vitest';
import {
  averageReview,
  averageSeenBy,
  isHiddenUntilRated,
  isRatingInRange,
  ratingColour,
  reviewerRating,
  seesOthersJudgements,
} from './rating';

describe('rating colour (rating / scale: above 0.67 green, above 0.34 amber, otherwise red)', () => {
  it.each([
    [5, 5, 'green'],
    [4, 5, 'green'], // 0.8
    [7, 10, 'green'], // 0.7
    [2, 3, 'amber'], // 0.666…: not above 0.67
    [67, 100, 'amber'], // exactly 0.67 is not above it
    [68, 100, 'green'],
    [3, 5, 'amber'], // 0.6
    [2, 5, 'amber'], // 0.4
    [35, 100, 'amber'],
    [34, 100, 'red'], // exactly 0.34 is not above it
    [1, 3, 'red'], // 0.333…
    [1, 5, 'red'],
    [0, 5, 'red'],
  ] as const)('%d of %d is %s', (rating, scale, colour) => {
    expect(ratingColour(rating, scale)).toBe(colour);
  });
});

describe("a reviewer's rating", () => {
  it('is the overall rating when given', () => {
    expect(reviewerRating(4, [1, 1])).toBe(4);
  });
  it('is otherwise the mean of the per-answer ratings', () => {
    expect(reviewerRating(null, [3, 4, 5])).toBe(4);
  });
  it("leaves out 'No rating' (0)", () => {
    expect(reviewerRating(0, [0, 2, 4])).toBe(3);
    expect(reviewerRating(0, [0])).toBeNull();
  });
  it('is null without ratings', () => {
    expect(reviewerRating(null, [])).toBeNull();
  });
});

describe('average review', () => {
  it('averages reviewers, each counted once, rounded to two places', () => {
    expect(averageReview([4, 5, null, 3])).toEqual({
      review_average: 4,
      from_count: 3,
    });
    expect(averageReview([1, 2, 2])).toEqual({
      review_average: 1.67,
      from_count: 3,
    });
  });
  it('is empty without any rating', () => {
    expect(averageReview([])).toEqual({ review_average: null, from_count: 0 });
    expect(averageReview([null])).toEqual({
      review_average: null,
      from_count: 0,
    });
  });
});

describe('the average a viewer sees (decision 129)', () => {
  const panel = { review_average: 3, from_count: 2 };
  it.each([
    ['sees all reviews', true, 4, panel],
    ['sees all reviews, not rated yet', true, null, panel],
    [
      'own reviews only, rated 4',
      false,
      4,
      { review_average: 4, from_count: 1 },
    ],
    [
      'own reviews only, per-answer mean',
      false,
      3.5,
      { review_average: 3.5, from_count: 1 },
    ],
    [
      'own reviews only, not rated',
      false,
      null,
      { review_average: null, from_count: 0 },
    ],
    [
      'own reviews only, No rating',
      false,
      0,
      { review_average: null, from_count: 0 },
    ],
  ] as const)('%s', (_case, seesAllReviews, ownRating, expected) => {
    expect(averageSeenBy({ panel, ownRating, seesAllReviews })).toEqual(
      expected,
    );
  });
});

describe('scores hidden until you rate (decision 132)', () => {
  it.each([
    // isReviewer, blindUntilRated, hasRated, hidden
    [true, true, false, true],
    [true, true, true, false],
    [true, false, false, false],
    [false, true, false, false], // company users manage the job: they always see
  ] as const)(
    'reviewer %s, job blind %s, rated %s: hidden %s',
    (isReviewer, blindUntilRated, hasRated, hidden) => {
      expect(
        isHiddenUntilRated({ isReviewer, blindUntilRated, hasRated }),
      ).toBe(hidden);
    },
  );

  it('gives no figure and says so while hidden, whatever the panel rated', () => {
    expect(
      averageSeenBy({
        panel: { review_average: 4, from_count: 2 },
        ownRating: null,
        seesAllReviews: true,
        hiddenUntilRated: true,
      }),
    ).toEqual({ review_average: null, from_count: 0, hidden: true });
  });
});

describe("who sees others' judgements of an interviewee (decisions 129 and 132)", () => {
  it.each([
    // isReviewer, allReviews, blindUntilRated, hasRated, sees
    [false, false, true, false, true], // company users manage the job
    [true, true, false, false, true],
    [true, true, true, false, false],
    [true, true, true, true, true],
    [true, false, false, true, false], // their own reviews only, rated or not
    [true, false, true, true, false],
  ] as const)(
    'reviewer %s, all reviews %s, job blind %s, rated %s: sees %s',
    (isReviewer, allReviews, blindUntilRated, hasRated, sees) => {
      expect(
        seesOthersJudgements({
          isReviewer,
          allReviews,
          blindUntilRated,
          hasRated,
        }),
      ).toBe(sees);
    },
  );
});

describe('rating range', () => {
  const job = { rating_min: 1, rating_scale: 5 };
  it('accepts whole ratings within the scale', () => {
    expect(isRatingInRange(1, job)).toBe(true);
    expect(isRatingInRange(5, job)).toBe(true);
  });
  it('refuses ratings outside it or fractional', () => {
    expect(isRatingInRange(0, job)).toBe(false);
    expect(isRatingInRange(6, job)).toBe(false);
    expect(isRatingInRange(2.5, job)).toBe(false);
    expect(isRatingInRange(0, { rating_min: 0, rating_scale: 5 })).toBe(true);
  });
});
