import {
  RATING_STYLE_MATRIX,
  isDeclined,
  toTime,
  type ApplicantFacts,
  type JobFacts,
} from './facts';
import { applicantStage } from './stage';

export const APPLICANT_ACTIONS = [
  'delete',
  'invite',
  'resend',
  'extend',
  'archive',
  'unarchive',
  'review',
  'view',
  'feedback_link',
  'shortlist',
  'unshortlist',
  'reject',
] as const;
export type ApplicantAction = (typeof APPLICANT_ACTIONS)[number];

/** Who is looking: their own rating of this applicant and whether they may decide. */
export type ActionViewer = {
  /** The viewer's own rating of this applicant (the reply's user_rating), or null. */
  userRating: number | null;
  /** Company users, or reviewers whose job has reviewer_permissions.rating equal to 1. */
  canDecide: boolean;
};

/**
 * The actions offered for one applicant (spec section 4, "Applicant actions"), in display
 * order. The server refuses any change that this list does not offer.
 */
export function offeredActions(
  app: ApplicantFacts,
  job: JobFacts,
  viewer: ActionViewer,
  now: Date,
): ApplicantAction[] {
  // All actions are hidden for sjt_assessment jobs.
  if (job.sjt_assessment) return [];
  const stage = applicantStage(app);
  // ...and for archived applicants, except unarchive (archived, not ToInvite).
  if (app.archived) return stage === 'ToInvite' ? [] : ['unarchive'];

  const actions: ApplicantAction[] = [];
  const offer = (action: ApplicantAction, when: boolean) => {
    if (when) actions.push(action);
  };
  const declined = isDeclined(app);
  const deadline = toTime(app.deadline);
  // No deadline means the invitation never expires, so it can be resent but not extended.
  const deadlinePast = deadline !== null && deadline < now.getTime();
  const rated = viewer.userRating !== null;
  const matrix = job.rating_style === RATING_STYLE_MATRIX;
  const decided = stage === 'Reviewed' || stage === 'Outcomes';

  offer('delete', stage === 'ToInvite' && app.invitation_failed);
  offer('invite', stage === 'ToInvite');
  offer('resend', stage === 'AwaitingResponse' && !deadlinePast && !declined);
  offer('extend', stage === 'AwaitingResponse' && deadlinePast && !declined);
  offer('archive', stage === 'AwaitingResponse' && declined);
  offer(
    'review',
    (stage === 'Responded' && !rated) ||
      (stage === 'Reviewed' && !rated && !matrix),
  );
  offer(
    'view',
    (stage === 'Reviewed' && (rated || matrix)) || stage === 'Outcomes',
  );
  offer('feedback_link', matrix && decided);
  // Shortlist / undo shortlist and Reject: shortlist hidden when rejected, reject when shortlisted.
  offer(
    'shortlist',
    decided && viewer.canDecide && !app.shortlisted && !app.rejected,
  );
  offer('unshortlist', decided && viewer.canDecide && app.shortlisted);
  offer(
    'reject',
    decided && viewer.canDecide && !app.shortlisted && !app.rejected,
  );
  return actions;
}

/** The state changes the API exposes, mapped to the action that must be offered for each. */
export const ACTION_REFUSALS: Record<
  | 'delete'
  | 'invite'
  | 'archive'
  | 'unarchive'
  | 'shortlist'
  | 'unshortlist'
  | 'reject',
  string
> = {
  delete:
    'Only an interviewee whose invitation could not be delivered can be deleted.',
  invite: 'This interviewee has already been invited.',
  archive: 'Only an interviewee who has withdrawn can be archived.',
  unarchive: 'This interviewee is not archived.',
  shortlist: 'This interviewee cannot be shortlisted now.',
  unshortlist: 'This interviewee is not shortlisted.',
  reject: 'This interviewee cannot be rejected now.',
};

/**
 * Whether a resend or an extension may be sent. Both send a new invitation with a deadline;
 * the spec offers Resend before the deadline and Extend after it, and the API accepts either
 * while the applicant is awaiting a response and has not withdrawn.
 */
export function canSendAgain(
  app: ApplicantFacts,
  job: JobFacts,
  viewer: ActionViewer,
  now: Date,
): boolean {
  const actions = offeredActions(app, job, viewer, now);
  return actions.includes('resend') || actions.includes('extend');
}
