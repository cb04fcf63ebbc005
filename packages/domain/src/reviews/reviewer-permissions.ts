import { REVIEWER_APPLICANTS } from '../constants';

export type ReviewerSettings = {
  applicants: number;
  all_reviews: boolean;
  rating: number;
  reminder_email: boolean;
};

/** Rate only (0) or rate plus shortlist and reject (1). */
export const REVIEWER_RATING = { rateOnly: 0, rateAndDecide: 1 } as const;

/**
 * 'Rate plus shortlist and reject' is offered only to a reviewer who sees every applicant and
 * every review: deciding on what one cannot see would be blind.
 */
export function canOfferDecisionPermission(
  settings: Pick<ReviewerSettings, 'applicants' | 'all_reviews'>,
): boolean {
  return (
    settings.all_reviews && settings.applicants === REVIEWER_APPLICANTS.all
  );
}

export type ReviewerSettingsChange = Partial<ReviewerSettings>;

/**
 * The settings after a change. An explicit rating of 1 where it is not offered is refused (null);
 * a change that takes away its preconditions drops the rating back to rate only.
 */
export function applyReviewerSettingsChange(
  current: ReviewerSettings,
  change: ReviewerSettingsChange,
): ReviewerSettings | null {
  const next = { ...current, ...change };
  if (
    next.rating === REVIEWER_RATING.rateAndDecide &&
    !canOfferDecisionPermission(next)
  ) {
    if (change.rating === REVIEWER_RATING.rateAndDecide) return null;
    next.rating = REVIEWER_RATING.rateOnly;
  }
  return next;
}
