import type { Stage, StageFilter } from '@candor/domain';
import { sql, type RawBuilder } from 'kysely';

/**
 * The applicant stage in SQL over `applications AS a`: the database's `applicant_stage`
 * (migration 20261127020000), the first-match rule of `applicantStage`
 * (packages/domain/src/applications/stage.ts), which the job page's index and the counters'
 * trigger call too; `stage-parity.test.ts` checks it against the domain's rule.
 */
export const STAGE_SQL: RawBuilder<Stage> = sql<Stage>`applicant_stage(a.shortlisted,
  a.rejected, a.review_average, a.reviewed_at, a.answer_count, a.declined_at, a.invited_at,
  a.responded_at, a.invitation_failed)`;

/**
 * Review work: the Responded and Reviewed stages of STAGE_SQL, archived applicants left out.
 * Migration 20261126040000 keeps `review_completions.open` by a copy of it (decision 133).
 */
export const OPEN_FOR_REVIEW_SQL: RawBuilder<boolean> = sql<boolean>`(NOT a.archived
  AND NOT a.shortlisted AND NOT a.rejected
  AND (a.answer_count > 0 OR a.review_average IS NOT NULL OR a.reviewed_at IS NOT NULL))`;

/** The facts the filters read, as SQL over one applicant or over one bucket of counters. */
type FilterFacts = {
  archived: RawBuilder<boolean>;
  invitationFailed: RawBuilder<boolean>;
  declined: RawBuilder<boolean>;
  shortlisted: RawBuilder<boolean>;
  rejected: RawBuilder<boolean>;
  answerCount: RawBuilder<number>;
  incompleteStatus: RawBuilder<boolean>;
  /** `isExpired` of the domain, within the AwaitingResponse stage. */
  expired: RawBuilder<boolean>;
};

const APPLICANT: FilterFacts = {
  archived: sql<boolean>`a.archived`,
  invitationFailed: sql<boolean>`a.invitation_failed`,
  declined: sql<boolean>`(a.declined_at IS NOT NULL)`,
  shortlisted: sql<boolean>`a.shortlisted`,
  rejected: sql<boolean>`a.rejected`,
  answerCount: sql<number>`a.answer_count`,
  incompleteStatus: sql<boolean>`(a.status = 6)`,
  expired: sql<boolean>`(a.declined_at IS NULL AND a.responded_at IS NULL
    AND a.deadline IS NOT NULL AND a.deadline < now())`,
};

/**
 * The same facts over `application_counts AS c`. Whether a deadline has passed changes with
 * the clock, not with a write, so no counter can hold it: here `expired` means "has a deadline
 * that can pass", and `countStageFromCounters` moves the applicants whose deadline is still
 * ahead (AWAITING_DEADLINE_AHEAD_SQL) back from Expired to Awaiting.
 */
const COUNTER: FilterFacts = {
  archived: sql<boolean>`c.archived`,
  invitationFailed: sql<boolean>`c.invitation_failed`,
  declined: sql<boolean>`c.declined`,
  shortlisted: sql<boolean>`c.shortlisted`,
  rejected: sql<boolean>`c.rejected`,
  answerCount: sql<number>`c.answer_count`,
  incompleteStatus: sql<boolean>`c.incomplete_status`,
  expired: sql<boolean>`(NOT c.declined AND c.has_deadline)`,
};

/** `isIncomplete` of the domain: fewer answers than questions or status 6, never rating style 2. */
function incomplete(
  facts: FilterFacts,
  job: { questionCount: number; ratingStyle: number },
): RawBuilder<boolean> {
  if (job.ratingStyle === 2) return sql<boolean>`false`;
  return sql<boolean>`(${facts.answerCount} < ${job.questionCount} OR ${facts.incompleteStatus})`;
}

function filterOf(
  facts: FilterFacts,
  filter: StageFilter,
  job: { questionCount: number; ratingStyle: number },
): RawBuilder<boolean> {
  const { archived, declined } = facts;
  switch (filter) {
    case 'All':
      return sql<boolean>`NOT ${archived}`;
    case 'Archived':
      return archived;
    case 'NotInvited':
      return sql<boolean>`(NOT ${archived} AND NOT ${facts.invitationFailed})`;
    case 'Undelivered':
      return sql<boolean>`(NOT ${archived} AND ${facts.invitationFailed})`;
    case 'Awaiting':
      return sql<boolean>`(NOT ${archived} AND NOT ${declined} AND NOT ${facts.expired})`;
    case 'Expired':
      return sql<boolean>`(NOT ${archived} AND ${facts.expired})`;
    case 'Withdrawn':
      return sql<boolean>`(NOT ${archived} AND ${declined})`;
    case 'NotReviewed':
      return sql<boolean>`(NOT ${archived} AND NOT ${declined} AND NOT ${incomplete(facts, job)})`;
    case 'Incomplete':
      return sql<boolean>`(NOT ${archived} AND NOT ${declined} AND ${incomplete(facts, job)})`;
    case 'Shortlisted':
      return sql<boolean>`(NOT ${archived} AND ${facts.shortlisted})`;
    case 'Rejected':
      return sql<boolean>`(NOT ${archived} AND ${facts.rejected})`;
  }
}

/**
 * The condition of one filter tab within its stage over `applications AS a`
 * (docs/decisions/032-job-page-filters.md). Every filter but Archived leaves archived
 * applicants out.
 */
export function filterSql(
  filter: StageFilter,
  job: { questionCount: number; ratingStyle: number },
): RawBuilder<boolean> {
  return filterOf(APPLICANT, filter, job);
}

/** The same filter over the buckets of `application_counts AS c` (see COUNTER for Expired). */
export function counterFilterSql(
  filter: StageFilter,
  job: { questionCount: number; ratingStyle: number },
): RawBuilder<boolean> {
  return filterOf(COUNTER, filter, job);
}

/**
 * Applicants of the AwaitingResponse stage, not archived or withdrawn, whose deadline is still
 * ahead: the part of COUNTER's "has a deadline" that is not Expired yet. Written to match the
 * partial index applications_awaiting_deadline_idx, so it is an index-only range of the job's
 * entries with a deadline from now on (a count of recent invitations, not of the job's history).
 */
export const AWAITING_DEADLINE_AHEAD_SQL: RawBuilder<boolean> = sql<boolean>`(
  ${STAGE_SQL} = 'AwaitingResponse' AND a.declined_at IS NULL AND NOT a.archived
  AND a.deadline IS NOT NULL AND a.deadline >= now())`;

/**
 * Today's date and the start of tomorrow in UTC, the days of awaiting_deadlines' deadline_day
 * (migration 20261123040000): a deadline on a later day than today is ahead whatever the time.
 * 24 hours, not '1 day', which the session's time zone could stretch over a clock change.
 */
export const UTC_TODAY: RawBuilder<string> = sql`(now() AT TIME ZONE 'UTC')::date`;
export const UTC_TOMORROW: RawBuilder<Date> = sql`(date_trunc('day', now(), 'UTC') + interval '24 hours')`;
