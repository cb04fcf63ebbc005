import {
  hasAnswers,
  hasAverageReview,
  isDeclined,
  type ApplicantFacts,
} from './facts';

export const STAGES = [
  'ToInvite',
  'AwaitingResponse',
  'Responded',
  'Reviewed',
  'Outcomes',
] as const;
export type Stage = (typeof STAGES)[number];

export function isStage(value: unknown): value is Stage {
  return (
    typeof value === 'string' && (STAGES as readonly string[]).includes(value)
  );
}

/**
 * The applicant's stage on the job page (spec section 4, "Applicant stage"), first match wins.
 * The database holds the same rule as `applicant_stage` (apps/server/src/modules/applications/
 * stage-sql.ts); apps/server's stage-parity.test.ts fails when the two disagree.
 */
export function applicantStage(app: ApplicantFacts): Stage {
  // 1. Outcomes if shortlisted or rejected.
  if (app.shortlisted || app.rejected) return 'Outcomes';
  // 2. Reviewed if it has an average review or reviewed_at.
  if (hasAverageReview(app) || app.reviewed_at !== null) return 'Reviewed';
  // 3. Responded if it has answers and is not declined, or is declined with answers.
  if (hasAnswers(app)) return 'Responded';
  // 4. AwaitingResponse if declined, or invited with no response and no failed invitation.
  if (isDeclined(app)) return 'AwaitingResponse';
  if (
    app.invited_at !== null &&
    app.responded_at === null &&
    !app.invitation_failed
  ) {
    return 'AwaitingResponse';
  }
  // 5. Otherwise ToInvite.
  return 'ToInvite';
}
