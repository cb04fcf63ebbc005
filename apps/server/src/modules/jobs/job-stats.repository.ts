import { REVIEWER_APPLICANTS, type JobStageStats } from '@candor/domain';
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connection';
import { OPEN_FOR_REVIEW_SQL } from '../../db/applicant-stage-sql';

const CHOSEN = REVIEWER_APPLICANTS.chosen;

const STAGE_KEYS = [
  'to_invite',
  'awaiting_response',
  'responded',
  'reviewed',
  'outcomes',
] as const;

type StageKey = (typeof STAGE_KEYS)[number];

/** A job's row of job_stage_counts as `selectJobFields` joins it: all null for a job without one. */
export type StageCountColumns = Record<
  StageKey | `${StageKey}_archived`,
  number | null
>;

export type JobCounts = {
  stats: JobStageStats;
  applications: number;
  to_review: number;
};

export function emptyJobCounts(): JobCounts {
  return jobCountsOf(null, NO_OWN_WORK);
}

/** The viewer's own part of a job's 'To review', read with the job (`ownReviewWorkColumns`). */
export type OwnReviewWork = {
  /** Their completed reviews of the job's applicants still in review (decision 133). */
  openCompletions: number;
  /** Set for a reviewer of chosen applicants only: those of theirs they have not completed. */
  chosenToReview: number | null;
};

const NO_OWN_WORK: OwnReviewWork = { openCompletions: 0, chosenToReview: null };

/**
 * A job's per-stage applicant counts from its row of job_stage_counts, which triggers keep from
 * the counters (application_counts, whose stage is the job page's rule:
 * docs/decisions/082-stage-counters.md). 'To review' is the viewer's own (decision 133): the
 * applicants in the Responded and Reviewed stages, archived ones left out, that they may review
 * and have not completed.
 */
export function jobCountsOf(
  row: StageCountColumns | null,
  own: OwnReviewWork,
): JobCounts {
  // Each column by its literal name: keys joined at run time (`${key}_archived`) were looked
  // up as new strings for every job of every list (decision 112).
  const stats: JobStageStats = {
    to_invite: stageCount(row?.to_invite, row?.to_invite_archived),
    awaiting_response: stageCount(
      row?.awaiting_response,
      row?.awaiting_response_archived,
    ),
    responded: stageCount(row?.responded, row?.responded_archived),
    reviewed: stageCount(row?.reviewed, row?.reviewed_archived),
    outcomes: stageCount(row?.outcomes, row?.outcomes_archived),
  };
  const applications = STAGE_KEYS.reduce(
    (sum, key) => sum + stats[key].all + stats[key].archived,
    0,
  );
  const to_review =
    own.chosenToReview ??
    Math.max(0, stats.responded.all + stats.reviewed.all - own.openCompletions);
  return { stats, applications, to_review };
}

const stageCount = (
  all: number | null | undefined,
  archived: number | null | undefined,
) => ({ all: all ?? 0, archived: archived ?? 0 });

/** A list's number of jobs and its 'To review' total (all its pages, not one), as SQL. */
export type ListTotals = {
  count: RawBuilder<number>;
  toReview: RawBuilder<number>;
};

/**
 * Whose review work a list's total counts (decision 133): a company user's in their company, a
 * reviewer's in the jobs they review; templates and the public marketplace are nobody's (and
 * other companies' data), so theirs is 0.
 */
export type ReviewWork =
  | { kind: 'company'; userId: number; companyId: number }
  | { kind: 'reviewer'; userId: number }
  | null;

/**
 * The applicants of a company user's listed jobs still in review and not completed by them, as
 * SQL: the jobs' open applicants less the user's open completions of them, which their own
 * partial index lists (review_completions_open_idx).
 */
function companyUserToReview(
  work: { userId: number; companyId: number },
  open: RawBuilder<number>,
  listed: Listed,
) {
  return sql<number>`(${open} - (SELECT count(*) FROM review_completions rc
    WHERE rc.user_id = ${work.userId} AND rc.company_id = ${work.companyId} AND rc.open
      AND ${listed(sql`rc.job_id`)}))::int`;
}

/**
 * A whole company's totals, or those of the jobs one user created in it ('Created by me'): the
 * dashboard with nothing else narrowing it. company_to_review keeps the open applicants of each
 * creator's jobs (decisions 109, 133) and open_completion_counts each person's open completions
 * per creator (decision 140), so the total reads a few rows per creator, not one per job or
 * per completion.
 */
export function companyJobTotals(
  work: { userId: number; companyId: number },
  createdBy?: number,
): ListTotals {
  const { companyId } = work;
  const ofCreator =
    createdBy === undefined ? sql`` : sql`AND created_by = ${createdBy}`;
  return {
    count: sql<number>`(SELECT count(*) FROM jobs
      WHERE company_id = ${companyId} ${ofCreator})::int`,
    toReview: sql<number>`((SELECT coalesce(sum(applicants), 0) FROM company_to_review
        WHERE company_id = ${companyId} ${ofCreator})
      - (SELECT coalesce(sum(completions), 0) FROM open_completion_counts
        WHERE user_id = ${work.userId} AND company_id = ${companyId} ${ofCreator}))::int`,
  };
}

/** The totals of the jobs a subquery lists. */
export function listedJobTotals(
  jobIds: Expression<unknown>,
  work: ReviewWork,
): ListTotals {
  return {
    count: sql<number>`(SELECT count(*) FROM (${jobIds}) AS listed)::int`,
    toReview: toReviewOf((jobId) => sql`${jobId} IN (${jobIds})`, work),
  };
}

/**
 * The same totals of a list of job ids, which is one value of the statement, so a statement
 * compiled once (decision 113) serves lists of any length.
 */
export function idListJobTotals(
  jobIds: readonly number[],
  work: ReviewWork,
): ListTotals {
  return {
    count: sql<number>`cardinality(${jobIds}::int[])`,
    toReview: toReviewOf(
      (jobId) => sql`${jobId} = ANY(${jobIds}::int[])`,
      work,
    ),
  };
}

/** Whether a job id is one of the list's, as SQL over the given column. */
type Listed = (jobId: RawBuilder<unknown>) => RawBuilder<unknown>;

function toReviewOf(listed: Listed, work: ReviewWork) {
  if (work === null) return sql<number>`0`;
  if (work.kind === 'company')
    return companyUserToReview(
      work,
      sql<number>`(SELECT coalesce(sum(t.responded + t.reviewed), 0)
        FROM job_stage_counts t WHERE ${listed(sql`t.job_id`)})`,
      listed,
    );
  // A reviewer's few jobs, each by the rule `jobCountsOf` gives its row.
  return sql<number>`(SELECT coalesce(sum(CASE WHEN me.applicants = ${CHOSEN}
      THEN ${chosenToReview(sql`me`)}
      ELSE coalesce(t.responded + t.reviewed, 0) - (SELECT count(*) FROM review_completions rc
        WHERE rc.user_id = me.user_id AND rc.company_id = t.company_id
          AND rc.job_id = me.job_id AND rc.open) END), 0)
    FROM reviewers me LEFT JOIN job_stage_counts t ON t.job_id = me.job_id
    WHERE me.user_id = ${work.userId} AND me.account_status = 1
      AND ${listed(sql`me.job_id`)})::int`;
}

/** A reviewer of chosen applicants' open ones they have not completed, for their row `me`. */
export function chosenToReview(me: RawBuilder<unknown>) {
  return sql<number>`(SELECT count(*) FROM reviewer_assignments ra
    JOIN applications a ON a.id = ra.application_id
    WHERE ra.reviewer_id = ${me}.id AND ${OPEN_FOR_REVIEW_SQL}
      AND NOT EXISTS (SELECT FROM review_completions rc
        WHERE rc.application_id = a.id AND rc.user_id = ${me}.user_id))::int`;
}

/** The totals on their own, for a list whose page has no row to carry them. */
export async function readListTotals(
  db: Db,
  totals: ListTotals,
): Promise<{ count: number; toReview: number }> {
  const { rows } = await sql<{ count: number; to_review: number }>`
    SELECT ${totals.count} AS count, ${totals.toReview} AS to_review`.execute(
    db,
  );
  return {
    count: Number(rows[0]?.count ?? 0),
    toReview: Number(rows[0]?.to_review ?? 0),
  };
}
