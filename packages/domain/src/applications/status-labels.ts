import {
  hasAnswers,
  hasAverageReview,
  isDeclined,
  isExpired,
  isIncomplete,
  type ApplicantFacts,
  type JobFacts,
} from './facts';
import { applicantStage } from './stage';

export const STATUS_LABEL_TEXT = {
  not_invited: 'Not yet invited',
  email_undelivered: 'Email undelivered',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  awaiting_response: 'Awaiting response',
  interview_incomplete: 'Interview incomplete',
  not_reviewed: 'Not reviewed',
  reviewed: 'Reviewed',
  successful: 'Successful',
  unsuccessful: 'Unsuccessful',
} as const;
export type StatusLabelKey = keyof typeof STATUS_LABEL_TEXT;
export const INCOMPLETE_TAG = 'Incomplete';

/** Colours mean one thing everywhere (DESIGN.md): green good, amber waiting, red failed. */
export type StatusTone = 'green' | 'amber' | 'red' | 'grey';
const TONE: Record<StatusLabelKey, StatusTone> = {
  not_invited: 'grey',
  email_undelivered: 'red',
  withdrawn: 'grey',
  expired: 'red',
  awaiting_response: 'amber',
  interview_incomplete: 'amber',
  not_reviewed: 'amber',
  reviewed: 'green',
  successful: 'green',
  unsuccessful: 'red',
};

export type StatusLabel = {
  /** i18n key; `text` is the en-gb wording. */
  key: StatusLabelKey;
  text: string;
  tone: StatusTone;
  /** Show the 'Incomplete' note beside the label. */
  incomplete: boolean;
  /** Hover text: the reason an interviewee gave when withdrawing. */
  hover: string | null;
};

function label(
  key: StatusLabelKey,
  extra: Partial<Pick<StatusLabel, 'incomplete' | 'hover'>> = {},
): StatusLabel {
  return {
    key,
    text: STATUS_LABEL_TEXT[key],
    tone: TONE[key],
    incomplete: false,
    hover: null,
    ...extra,
  };
}

const withdrawn = (app: ApplicantFacts) =>
  label('withdrawn', { hover: app.declined_reason || null });

/**
 * The label of an applicant row on the job page (spec section 4, "Status labels on the job
 * page"). Reviewed and Outcomes have no label in the spec; they use the search wording
 * (docs/decisions/031-applicant-labels-and-actions.md).
 */
export function jobPageStatusLabel(
  app: ApplicantFacts,
  job: JobFacts,
  now: Date,
): StatusLabel {
  switch (applicantStage(app)) {
    case 'ToInvite':
      return label(app.invitation_failed ? 'email_undelivered' : 'not_invited');
    case 'AwaitingResponse':
      if (isDeclined(app)) return withdrawn(app);
      if (isExpired(app, now)) return label('expired');
      return label(
        hasAnswers(app) ? 'interview_incomplete' : 'awaiting_response',
      );
    case 'Responded':
      if (isDeclined(app)) return withdrawn(app);
      return label('not_reviewed', { incomplete: isIncomplete(app, job) });
    case 'Reviewed':
      return label('reviewed');
    case 'Outcomes':
      return label(app.shortlisted ? 'successful' : 'unsuccessful');
  }
}

/** The label of a person in search results (spec section 4, "Status labels in search results"). */
export function searchStatusLabel(
  app: ApplicantFacts,
  job: JobFacts,
  now: Date,
): StatusLabel {
  if (hasAnswers(app)) {
    if (app.shortlisted) return label('successful');
    if (app.rejected) return label('unsuccessful');
    if (hasAverageReview(app) || app.reviewed_at !== null)
      return label('reviewed');
    if (isDeclined(app)) return withdrawn(app);
    return label('not_reviewed', { incomplete: isIncomplete(app, job) });
  }
  if (isDeclined(app)) return withdrawn(app);
  // Responded without answers (e.g. every answer failed to upload): not reviewed, incomplete.
  if (app.responded_at !== null)
    return label('not_reviewed', { incomplete: isIncomplete(app, job) });
  if (isExpired(app, now)) return label('expired');
  if (app.invitation_failed) return label('email_undelivered');
  if (app.invited_at === null) return label('not_invited');
  return label('awaiting_response');
}
