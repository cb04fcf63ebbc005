import type { JobStageStats, Stage } from '@candor/domain';
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connection';

/** The stage ids of the job page (and of STAGE_SQL) to the keys of a job's `stats`. */
const STAGE_KEY_OF: Record<Stage, (typeof STAGE_KEYS)[number]> = {
  ToInvite: 'to_invite',
  AwaitingResponse: 'awaiting_response',
  Responded: 'responded',
  Reviewed: 'reviewed',
  Outcomes: 'outcomes',
};

const STAGE_KEYS = [
  'to_invite',
  'awaiting_response',
  'responded',
  'reviewed',
  'outcomes',
] as const;

/**
 * What waits for a review: applicants in the Responded stage, archived ones left out. The
 * triggers that keep job_to_review apply exactly this condition (migration 20261123020000).
 */
const TO_REVIEW_STAGE: Stage = 'Responded';

export type JobCounts = {
  stats: JobStageStats;
  applications: number;
  to_review: number;
};

export function emptyJobCounts(): JobCounts {
  const stats = Object.fromEntries(
    STAGE_KEYS.map((key) => [key, { all: 0, archived: 0 }]),
  ) as JobStageStats;
  return { stats, applications: 0, to_review: 0 };
}

/** A job's counters grouped by stage and archiving, as `selectJobFields` reads them. */
export type StageCountGroup = [stage: Stage, archived: boolean, count: number];

/**
 * A job's per-stage applicant counts from its counters (application_counts, whose stage is the
 * job page's rule: docs/decisions/082-stage-counters.md), a few groups however many applicants
 * it has.
 */
export function jobCountsOf(groups: readonly StageCountGroup[]): JobCounts {
  const counts = emptyJobCounts();
  for (const [stageId, archived, count] of groups) {
    const stage = STAGE_KEY_OF[stageId];
    if (!stage) continue;
    counts.applications += count;
    if (archived) counts.stats[stage].archived += count;
    else counts.stats[stage].all += count;
  }
  counts.to_review = counts.stats[STAGE_KEY_OF[TO_REVIEW_STAGE]].all;
  return counts;
}

/** A list's number of jobs and its 'To review' total (all its pages, not one), as SQL. */
export type ListTotals = {
  count: RawBuilder<number>;
  toReview: RawBuilder<number>;
};

/**
 * A whole company's totals, or those of the jobs one user created in it ('Created by me'): the
 * dashboard with nothing else narrowing it. job_to_review carries each job's company and
 * creator (migrations 20261123030000 and 20261124020000), so the total reads only the list's
 * own rows, from one index.
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
    toReview: sql<number>`(SELECT coalesce(sum(applicants), 0) FROM job_to_review
      WHERE company_id = ${companyId} ${ofCreator})::int`,
  };
}

/**
 * The totals of the jobs a subquery lists, or of the ids themselves. The 'To review' total
 * sums one row per job, which triggers keep from the same counters as the per-job `to_review`
 * of `jobCountsOf` with the same rule (migration 20261123020000, decision 094); templates and
 * the public marketplace are nobody's review work (and other companies' data), so theirs is 0.
 */
export function listedJobTotals(
  jobIds: Expression<unknown> | readonly number[],
  countsReviewWork: boolean,
): ListTotals {
  const listed = isIdList(jobIds)
    ? {
        count: sql<number>`${jobIds.length}::int`,
        has: sql`t.job_id = ANY(${jobIds}::int[])`,
      }
    : {
        count: sql<number>`(SELECT count(*) FROM (${jobIds}) AS listed)::int`,
        has: sql`t.job_id IN (${jobIds})`,
      };
  return {
    count: listed.count,
    toReview: countsReviewWork
      ? sql<number>`(SELECT coalesce(sum(t.applicants), 0) FROM job_to_review t
          WHERE ${listed.has})::int`
      : sql<number>`0`,
  };
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

const isIdList = (
  jobIds: Expression<unknown> | readonly number[],
): jobIds is readonly number[] => Array.isArray(jobIds);
