import type { ApplicantFacts, JobFacts } from './facts';

/** A fresh applicant, never invited; tests override what a case needs. */
export function applicant(
  overrides: Partial<ApplicantFacts> = {},
): ApplicantFacts {
  return {
    invited_at: null,
    responded_at: null,
    declined_at: null,
    declined_reason: '',
    deadline: null,
    invitation_failed: false,
    archived: false,
    shortlisted: false,
    rejected: false,
    reviewed_at: null,
    answer_count: 0,
    average_review: { review_average: null },
    status: 0,
    ...overrides,
  };
}

export function job(overrides: Partial<JobFacts> = {}): JobFacts {
  return {
    question_count: 3,
    rating_style: 1,
    sjt_assessment: false,
    ...overrides,
  };
}

export const NOW = new Date('2026-11-21T12:00:00Z');
export const PAST = '2026-11-20T12:00:00Z';
export const FUTURE = '2026-11-25T12:00:00Z';
/** Later today: the deadline is today but not yet past. */
export const LATER_TODAY = '2026-11-21T18:00:00Z';
