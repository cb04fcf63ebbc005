export type RatingColour = 'green' | 'amber' | 'red';

/** Rating colour by rating divided by scale: above 0.67 green, above 0.34 amber, else red. */
export function ratingColour(rating: number, scale: number): RatingColour {
  const ratio = scale > 0 ? rating / scale : 0;
  if (ratio > 0.67) return 'green';
  if (ratio > 0.34) return 'amber';
  return 'red';
}

/** 0 is the 'No rating' zone of a scale whose minimum is 0: stored, but never averaged. */
export const NO_RATING = 0;

export function isCountedRating(
  rating: number | null | undefined,
): rating is number {
  return typeof rating === 'number' && rating !== NO_RATING;
}

/**
 * One reviewer's rating of one applicant: their overall rating when they gave one, otherwise
 * the mean of their per-answer ratings ('No rating' left out); null when nothing counts.
 */
export function reviewerRating(
  overall: number | null,
  answerRatings: readonly number[],
): number | null {
  if (isCountedRating(overall)) return overall;
  const counted = answerRatings.filter(isCountedRating);
  if (counted.length === 0) return null;
  return counted.reduce((sum, rating) => sum + rating, 0) / counted.length;
}

export type AverageReview = {
  review_average: number | null;
  from_count: number;
  /** The job hides the panel's scores from this viewer until they rate (decision 132). */
  hidden?: boolean;
};

/** The applicant's average: the mean of each reviewer's rating, so a reviewer counts once. */
export function averageReview(
  reviewerRatings: readonly (number | null)[],
): AverageReview {
  const counted = reviewerRatings.filter(
    (rating): rating is number => rating !== null,
  );
  if (counted.length === 0) return { review_average: null, from_count: 0 };
  const mean =
    counted.reduce((sum, rating) => sum + rating, 0) / counted.length;
  return {
    review_average: Math.round(mean * 100) / 100,
    from_count: counted.length,
  };
}

/**
 * The average one viewer is shown (decision 129). A viewer who may not see others' reviews
 * (a reviewer with "their own reviews and comments only") gets the average of what they may
 * see: their own rating, from 1 reviewer, or nothing from 0. The panel's figure would
 * otherwise leak the others' scores, and hiding it altogether read as "– from 0 reviewers"
 * beside "your rating 4".
 */
export function averageSeenBy(options: {
  panel: AverageReview;
  ownRating: number | null;
  seesAllReviews: boolean;
  /** The job hides scores until the viewer rated, and this viewer has not (decision 132). */
  hiddenUntilRated?: boolean;
}): AverageReview {
  // Nothing to show before they rate, and a label says why rather than "from 0 reviewers".
  if (options.hiddenUntilRated)
    return { review_average: null, from_count: 0, hidden: true };
  if (options.seesAllReviews) return options.panel;
  // 'No rating' (0) is stored but never averaged, as in the panel's figure.
  return averageReview([
    isCountedRating(options.ownRating) ? options.ownRating : null,
  ]);
}

/**
 * Whether the panel's scores, comments and decisions of one interviewee are held back from a
 * viewer because the job hides them until you have rated (decision 132). Company users manage
 * the job and always see them; a reviewer sees them again once they rated the interviewee.
 */
export function isHiddenUntilRated(viewer: {
  isReviewer: boolean;
  blindUntilRated: boolean;
  hasRated: boolean;
}): boolean {
  return viewer.isReviewer && viewer.blindUntilRated && !viewer.hasRated;
}

/**
 * Whether a viewer may see what other people rated, commented and decided about one
 * interviewee: company users always; a reviewer only with all reviews (decision 129), and on a
 * job that hides scores until you rate, only once they rated it (decision 132).
 */
export function seesOthersJudgements(viewer: {
  isReviewer: boolean;
  allReviews: boolean;
  blindUntilRated: boolean;
  hasRated: boolean;
}): boolean {
  if (!viewer.isReviewer) return true;
  return viewer.allReviews && !isHiddenUntilRated(viewer);
}

/** Whether a rating may be stored for a job with this scale. */
export function isRatingInRange(
  rating: number,
  job: { rating_min: number; rating_scale: number },
): boolean {
  return (
    Number.isInteger(rating) &&
    rating >= job.rating_min &&
    rating <= job.rating_scale
  );
}
