import {
  averageSeenBy,
  jobPageStatusLabel,
  offeredActions,
  applicantStage,
  type ApplicantFacts,
  type ApplicationReply,
  type JobFacts,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { ListedApplication } from './applications.repository';
import {
  canDecide,
  canSeeAllReviews,
  hidesOthersUntilRated,
  type JobAccess,
} from '../../platform/access/job-access';
import { interviewUrl } from '../emails/emails.service';

const iso = (value: Date | null) =>
  value === null ? null : value.toISOString();

export function applicantFacts(
  app: Omit<ListedApplication, 'user_rating'>,
): ApplicantFacts {
  return {
    invited_at: app.invited_at,
    responded_at: app.responded_at,
    declined_at: app.declined_at,
    declined_reason: app.declined_reason,
    deadline: app.deadline,
    invitation_failed: app.invitation_failed,
    archived: app.archived,
    shortlisted: app.shortlisted,
    rejected: app.rejected,
    reviewed_at: app.reviewed_at,
    answer_count: app.answer_count,
    average_review: { review_average: app.review_average },
    status: app.status,
  };
}

/** What the caller may do with this applicant, by the one rule the web shows too. */
export function actionsFor(
  app: ListedApplication,
  job: JobFacts,
  access: JobAccess,
  now: Date,
) {
  return offeredActions(
    applicantFacts(app),
    job,
    { userRating: app.user_rating, canDecide: canDecide(access) },
    now,
  );
}

/** The API's Application (spec section 3) with its derived stage, label and actions. */
export async function toApplicationReply(
  ctx: AppContext,
  row: ListedApplication,
  job: JobFacts,
  access: JobAccess,
  now: Date,
): Promise<ApplicationReply> {
  const facts = applicantFacts(row);
  const actions = actionsFor(row, job, access, now);
  // Company-only actions never reach a reviewer, whatever the state.
  const visibleActions =
    access.kind === 'company'
      ? actions
      : actions.filter((action) => REVIEWER_ACTIONS.includes(action));
  return {
    id: row.id,
    user: {
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      phone: row.phone,
      full_name: `${row.first_name} ${row.last_name}`.trim(),
    },
    job: row.job_id,
    deadline: iso(row.deadline),
    invited_at: iso(row.invited_at),
    responded_at: iso(row.responded_at),
    declined_at: iso(row.declined_at),
    declined_reason: row.declined_reason,
    invitation_failed: row.invitation_failed,
    // Who was texted and why it failed is the company's business, not a reviewer's.
    text_undelivered: access.kind === 'company' ? row.text_undelivered : null,
    archived: row.archived,
    shortlisted: row.shortlisted,
    rejected: row.rejected,
    shortlisted_at: iso(row.shortlisted_at),
    rejected_at: iso(row.rejected_at),
    reviewed_at: iso(row.reviewed_at),
    review_completed_at: iso(row.review_completed_at),
    answer_count: row.answer_count,
    ats: row.source === 'greenhouse' ? 'greenhouse' : null,
    user_rating: row.user_rating === null ? null : Number(row.user_rating),
    // A reviewer who sees only their own reviews must not learn the others' ratings.
    average_review: averageSeenBy({
      panel: {
        review_average: row.review_average,
        from_count: row.review_count,
      },
      ownRating: row.user_rating === null ? null : Number(row.user_rating),
      seesAllReviews: canSeeAllReviews(access),
      // Both are in the row already: a blind job costs the page no query (decision 113).
      hiddenUntilRated: hidesOthersUntilRated(
        access,
        row.user_rating !== null || row.review_completed_at !== null,
      ),
    }),
    status: row.status,
    // The token and the personal link open the interview as the interviewee (decline, record,
    // complete): a reviewer never gets them (decision 126).
    _token: access.kind === 'company' ? row.token : null,
    cv: row.cv_key
      ? await ctx.storage.downloadUrl(row.cv_key, {
          filename: row.cv_filename ?? 'cv',
        })
      : null,
    cv_filename: row.cv_filename,
    created_at: row.created_at.toISOString(),
    interview_url:
      access.kind === 'company'
        ? interviewUrl(ctx.config.publicUrl, row.shortcode)
        : null,
    stage: applicantStage(facts),
    status_label: jobPageStatusLabel(facts, job, now),
    actions: visibleActions,
    knockout: row.knockout_question_ids.length > 0,
    knockout_questions: row.knockout_question_ids,
  };
}

/**
 * What a reviewer may be offered; the rest (invite, archive, delete…) is for company users. The
 * feedback link stays with them too: it carries the token (decision 126).
 */
const REVIEWER_ACTIONS: string[] = [
  'review',
  'view',
  'shortlist',
  'unshortlist',
  'reject',
];
