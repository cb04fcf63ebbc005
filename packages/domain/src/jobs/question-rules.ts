import { RATING_STYLES } from '../constants';
import { MOTIVATION_COMPETENCY } from '../schemas/questions';

export const REVIEW_COMPETENCY_REQUIRED =
  'Choose a review competency for this question';

/**
 * Spec section 5: with rating style 2 (matrix) a non-motivation question is reviewed against
 * a competency, so it needs one.
 */
export function needsReviewCompetency(
  ratingStyle: number,
  competency: number,
): boolean {
  return (
    ratingStyle === RATING_STYLES.matrix && competency !== MOTIVATION_COMPETENCY
  );
}

/** Field errors of a question for a job's rating style, beyond the schema's own checks. */
export function questionFieldErrors(
  question: { competency: number; review_competency: number | null },
  ratingStyle: number,
): Record<string, string> {
  if (
    needsReviewCompetency(ratingStyle, question.competency) &&
    question.review_competency === null
  ) {
    return { review_competency: REVIEW_COMPETENCY_REQUIRED };
  }
  return {};
}
