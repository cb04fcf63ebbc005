import type { JobStageStats } from '@candor/domain';
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connection';

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
  return jobCountsOf(null);
}

/**
 * A job's per-stage applicant counts from its row of job_stage_counts, which triggers keep from
 * the counters (application_counts, whose stage is the job page's rule:
 * docs/decisions/082-stage-counters.md). 'To review' is the Responded stage, archived applicants
 * left out (decision 024), the rule the dashboard's totals add up too.
 */
export function jobCountsOf(row: StageCountColumns | null): JobCounts {
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
  return { stats, applications, to_review: stats.responded.all };
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
 * A whole company's totals, or those of the jobs one user created in it ('Created by me'): the
 * dashboard with nothing else narrowing it. company_to_review keeps each creator's 'To review'
 * total (decision 109), so the total reads a row per creator, not one per job.
 */
export function companyJobTotals(
  companyId: number,
  createdBy?: number,
): ListTotals {
  const ofCreator =
    createdBy === undefined ? sql`` : sql`AND created_by = ${createdBy}`;
  return {
    count: sql<number>`(SELECT count(*) FROM jobs
      WHERE company_id = ${companyId} ${ofCreator})::int`,
    toReview: sql<number>`(SELECT coalesce(sum(applicants), 0) FROM company_to_review
      WHERE company_id = ${companyId} ${ofCreator})::int`,
  };
}

/**
 * The totals of the jobs a subquery lists. The 'To review' total adds each job's `responded`
 * from job_stage_counts, the figure `jobCountsOf` gives each job; templates and the public
 * marketplace are nobody's review work (and other companies' data), so theirs is 0.
 */
export function listedJobTotals(
  jobIds: Expression<unknown>,
  countsReviewWork: boolean,
): ListTotals {
  return {
    count: sql<number>`(SELECT count(*) FROM (${jobIds}) AS listed)::int`,
    toReview: toReviewOf(sql`t.job_id IN (${jobIds})`, countsReviewWork),
  };
}

/**
 * The same totals of a list of job ids, which is one value of the statement, so a statement
 * compiled once (decision 113) serves lists of any length.
 */
export function idListJobTotals(
  jobIds: readonly number[],
  countsReviewWork: boolean,
): ListTotals {
  return {
    count: sql<number>`cardinality(${jobIds}::int[])`,
    toReview: toReviewOf(
      sql`t.job_id = ANY(${jobIds}::int[])`,
      countsReviewWork,
    ),
  };
}

function toReviewOf(listed: RawBuilder<unknown>, countsReviewWork: boolean) {
  return countsReviewWork
    ? sql<number>`(SELECT coalesce(sum(t.responded), 0) FROM job_stage_counts t
        WHERE ${listed})::int`
    : sql<number>`0`;
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
