import { isCountedRating } from '../reviews/rating';

/** A date as the server holds it (Date) or as the web receives it (ISO string). */
export type DateLike = Date | string | null;

/**
 * The applicant fields every rule below reads. The API's Application reply has this shape,
 * so the web passes a reply as it is and the server passes a row mapped the same way.
 */
export type ApplicantFacts = {
  invited_at: DateLike;
  responded_at: DateLike;
  declined_at: DateLike;
  declined_reason: string;
  deadline: DateLike;
  invitation_failed: boolean;
  archived: boolean;
  shortlisted: boolean;
  rejected: boolean;
  reviewed_at: DateLike;
  answer_count: number;
  average_review: { review_average: number | null } | null;
  /** 6 means the interviewee has not finished (incomplete). */
  status: number;
};

/** The job fields the rules read. */
export type JobFacts = {
  question_count: number;
  /** 2 is the competency matrix. */
  rating_style: number;
  sjt_assessment: boolean;
};

/** Application status 6: the interviewee started but has not finished. */
export const STATUS_INCOMPLETE = 6;
/** Status of an applicant added one by one (spec: initial value not_invited). */
export const STATUS_NOT_INVITED = 0;
/** Status of an applicant added in bulk (spec: a bulk add uses 3). */
export const STATUS_BULK_ADDED = 3;
export const RATING_STYLE_MATRIX = 2;

export function toTime(value: DateLike): number | null {
  if (value === null) return null;
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

export const isDeclined = (app: Pick<ApplicantFacts, 'declined_at'>) =>
  app.declined_at !== null;
export const hasAnswers = (app: Pick<ApplicantFacts, 'answer_count'>) =>
  app.answer_count > 0;
export const hasAverageReview = (app: Pick<ApplicantFacts, 'average_review'>) =>
  app.average_review !== null && app.average_review.review_average !== null;

/** Invited, the invitation delivered, the deadline past and no response (and not withdrawn). */
export function isExpired(app: ApplicantFacts, now: Date): boolean {
  const deadline = toTime(app.deadline);
  return (
    app.invited_at !== null &&
    !app.invitation_failed &&
    app.responded_at === null &&
    !isDeclined(app) &&
    deadline !== null &&
    deadline < now.getTime()
  );
}

/** The 'Incomplete' note: fewer answers than questions, or status 6; never for rating style 2. */
export function isIncomplete(app: ApplicantFacts, job: JobFacts): boolean {
  if (job.rating_style === RATING_STYLE_MATRIX) return false;
  return (
    app.answer_count < job.question_count || app.status === STATUS_INCOMPLETE
  );
}

/**
 * The applicant as known to a viewer who may not see others' judgements of them (decision 134):
 * nobody's decision (shortlisted, rejected), their own rating as the average (as the average
 * they are shown, 'No rating' left out) and their own completion of the review as reviewed_at.
 * What the interviewee did, and the archive, stay as they are.
 */
export function withOwnJudgementsOnly(
  app: ApplicantFacts,
  own: { rating: number | null; completedAt: DateLike },
): ApplicantFacts {
  return {
    ...app,
    shortlisted: false,
    rejected: false,
    reviewed_at: own.completedAt,
    average_review: {
      review_average: isCountedRating(own.rating) ? own.rating : null,
    },
  };
}
