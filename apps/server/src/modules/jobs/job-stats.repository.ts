import type { JobStageStats, Stage } from '@candor/domain';
import { sql, type Expression } from 'kysely';
import type { Db } from '../../db/connection';
// One SQL form of the stage rule for the job page and the dashboard: the index
// applications_job_stage_idx is built on exactly this expression.
import { STAGE_SQL } from '../applications/stage-sql';

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

/** What waits for a review: applicants in the Responded stage, archived ones left out. */
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

/** Per-stage applicant counts for a page of jobs in one grouped query. */
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
    SELECT a.job_id, ${STAGE_SQL} AS stage, a.archived, count(*)::int AS count
    FROM applications a
    WHERE a.job_id IN (${sql.join(jobIds)})
    GROUP BY a.job_id, stage, a.archived`.execute(db);
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
 * The 'To review' total over every job a subquery selects (all pages of a list, not one), by
 * the same stage rule as the per-job `to_review` of `findJobCounts`.
 */
export async function countToReview(
  db: Db,
  jobIds: Expression<unknown>,
): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count
    FROM applications a
    WHERE a.job_id IN (${jobIds})
      AND NOT a.archived
      AND ${STAGE_SQL} = ${TO_REVIEW_STAGE}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}
