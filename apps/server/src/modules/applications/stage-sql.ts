import type { Stage, StageFilter } from '@candor/domain';
import { sql, type RawBuilder } from 'kysely';

/**
 * The applicant stage in SQL over `applications AS a`: the first-match rule of
 * `applicantStage` (packages/domain/src/applications/stage.ts), so the job page filters and
 * pages in the database. modules/jobs/job-stats.repository.ts counts with the same CASE.
 */
export const STAGE_SQL: RawBuilder<Stage> = sql<Stage>`(CASE
  WHEN a.shortlisted OR a.rejected THEN 'Outcomes'
  WHEN a.review_average IS NOT NULL OR a.reviewed_at IS NOT NULL THEN 'Reviewed'
  WHEN a.answer_count > 0 THEN 'Responded'
  WHEN a.declined_at IS NOT NULL THEN 'AwaitingResponse'
  WHEN a.invited_at IS NOT NULL AND a.responded_at IS NULL AND NOT a.invitation_failed
    THEN 'AwaitingResponse'
  ELSE 'ToInvite'
END)`;

/** `isExpired` of the domain, within the AwaitingResponse stage. */
const EXPIRED = sql<boolean>`(a.declined_at IS NULL AND a.responded_at IS NULL
  AND a.deadline IS NOT NULL AND a.deadline < now())`;

/** `isIncomplete` of the domain: fewer answers than questions or status 6, never rating style 2. */
function incomplete(
  questionCount: number,
  ratingStyle: number,
): RawBuilder<boolean> {
  if (ratingStyle === 2) return sql<boolean>`false`;
  return sql<boolean>`(a.answer_count < ${questionCount} OR a.status = 6)`;
}

/**
 * The condition of one filter tab within its stage (docs/decisions/032-job-page-filters.md).
 * Every filter but Archived leaves archived applicants out.
 */
export function filterSql(
  filter: StageFilter,
  job: { questionCount: number; ratingStyle: number },
): RawBuilder<boolean> {
  const incompleteSql = incomplete(job.questionCount, job.ratingStyle);
  switch (filter) {
    case 'All':
      return sql<boolean>`NOT a.archived`;
    case 'Archived':
      return sql<boolean>`a.archived`;
    case 'NotInvited':
      return sql<boolean>`(NOT a.archived AND NOT a.invitation_failed)`;
    case 'Undelivered':
      return sql<boolean>`(NOT a.archived AND a.invitation_failed)`;
    case 'Awaiting':
      return sql<boolean>`(NOT a.archived AND a.declined_at IS NULL AND NOT ${EXPIRED})`;
    case 'Expired':
      return sql<boolean>`(NOT a.archived AND ${EXPIRED})`;
    case 'Withdrawn':
      return sql<boolean>`(NOT a.archived AND a.declined_at IS NOT NULL)`;
    case 'NotReviewed':
      return sql<boolean>`(NOT a.archived AND a.declined_at IS NULL AND NOT ${incompleteSql})`;
    case 'Incomplete':
      return sql<boolean>`(NOT a.archived AND a.declined_at IS NULL AND ${incompleteSql})`;
    case 'Shortlisted':
      return sql<boolean>`(NOT a.archived AND a.shortlisted)`;
    case 'Rejected':
      return sql<boolean>`(NOT a.archived AND a.rejected)`;
  }
}
