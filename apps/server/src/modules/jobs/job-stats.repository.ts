import type { JobStageStats, Stage } from '@candor/domain';
import { sql, type Expression } from 'kysely';
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

/**
 * Per-stage applicant counts for a page of jobs in one grouped query over their counters
 * (application_counts, whose stage is the job page's rule: docs/decisions/082-stage-counters.md),
 * a few rows per job however many applicants it has. The ids go as one array, so the statement
 * is the same for any page and PostgreSQL keeps one plan for it instead of planning each time.
 */
export async function findJobCounts(
  db: Db,
  jobIds: number[],
): Promise<Map<number, JobCounts>> {
  const counts = new Map<number, JobCounts>(
    jobIds.map((id) => [id, emptyJobCounts()]),
  );
  if (jobIds.length === 0) return counts;
  const { rows } = await sql<{
    job_id: number;
    stage: Stage;
    archived: boolean;
    count: number;
  }>`
    SELECT c.job_id, c.stage, c.archived, sum(c.applicants)::int AS count
    FROM application_counts c
    WHERE c.job_id = ANY(${jobIds}::int[])
    GROUP BY c.job_id, c.stage, c.archived`.execute(db);
  for (const row of rows) {
    const entry = counts.get(row.job_id);
    const stage = STAGE_KEY_OF[row.stage];
    if (!entry || !stage) continue;
    const count = Number(row.count);
    entry.applications += count;
    if (row.archived) entry.stats[stage].archived += count;
    else entry.stats[stage].all += count;
  }
  for (const entry of counts.values())
    entry.to_review = entry.stats[STAGE_KEY_OF[TO_REVIEW_STAGE]].all;
  return counts;
}

/**
 * The 'To review' total over every job of a list (all its pages, not one), given as a subquery
 * or as the ids themselves: one row per job, which triggers keep from the same counters as the
 * per-job `to_review` of `findJobCounts` with the same rule (migration 20261123020000,
 * decision 094).
 */
export async function countToReview(
  db: Db,
  jobIds: Expression<unknown> | readonly number[],
): Promise<number> {
  const ofList = isIdList(jobIds)
    ? sql`t.job_id = ANY(${jobIds}::int[])`
    : sql`t.job_id IN (${jobIds})`;
  const { rows } = await sql<{ count: number }>`
    SELECT coalesce(sum(t.applicants), 0)::int AS count
    FROM job_to_review t
    WHERE ${ofList}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

const isIdList = (
  jobIds: Expression<unknown> | readonly number[],
): jobIds is readonly number[] => Array.isArray(jobIds);

/**
 * A whole company's number of jobs and 'To review' total in one statement, or those of the jobs
 * one user created in it ('Created by me'): the dashboard with nothing else narrowing it.
 * job_to_review carries each job's company and creator (migrations 20261123030000 and
 * 20261124020000), so the total reads only the list's own rows, from one index.
 */
export async function countCompanyJobs(
  db: Db,
  companyId: number,
  createdBy?: number,
): Promise<{ count: number; toReview: number }> {
  const ofCreator =
    createdBy === undefined ? sql`` : sql`AND created_by = ${createdBy}`;
  const { rows } = await sql<{ count: number; to_review: number }>`
    SELECT
      (SELECT count(*) FROM jobs
        WHERE company_id = ${companyId} ${ofCreator})::int AS count,
      (SELECT coalesce(sum(applicants), 0) FROM job_to_review
        WHERE company_id = ${companyId} ${ofCreator})::int AS to_review`.execute(
    db,
  );
  return {
    count: Number(rows[0]?.count ?? 0),
    toReview: Number(rows[0]?.to_review ?? 0),
  };
}
