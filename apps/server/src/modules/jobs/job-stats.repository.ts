import type { JobStageStats } from '@candor/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/**
 * The applicant stage in SQL, the same first-match rule as `applicantStage` in
 * packages/domain/src/applications/stage.ts (spec section 4 "Applicant stage"). Keep the two
 * in step: the job page filters with the domain rule, the dashboard counts with this one.
 */
const STAGE_CASE = sql<string>`CASE
  WHEN a.shortlisted OR a.rejected THEN 'outcomes'
  WHEN a.review_average IS NOT NULL OR a.reviewed_at IS NOT NULL THEN 'reviewed'
  WHEN a.answer_count > 0 THEN 'responded'
  WHEN a.declined_at IS NOT NULL THEN 'awaiting_response'
  WHEN a.invited_at IS NOT NULL AND a.responded_at IS NULL AND NOT a.invitation_failed
    THEN 'awaiting_response'
  ELSE 'to_invite'
END`;

const STAGE_KEYS = [
  'to_invite',
  'awaiting_response',
  'responded',
  'reviewed',
  'outcomes',
] as const;

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
    stage: string;
    archived: boolean;
    count: number;
  }>`
    SELECT a.job_id, ${STAGE_CASE} AS stage, a.archived, count(*)::int AS count
    FROM applications a
    WHERE a.job_id IN (${sql.join(jobIds)})
    GROUP BY a.job_id, stage, a.archived`.execute(db);
  for (const row of rows) {
    const entry = counts.get(row.job_id);
    const stage = STAGE_KEYS.find((key) => key === row.stage);
    if (!entry || !stage) continue;
    const count = Number(row.count);
    entry.applications += count;
    if (row.archived) entry.stats[stage].archived += count;
    else entry.stats[stage].all += count;
  }
  for (const entry of counts.values())
    entry.to_review = entry.stats.responded.all;
  return counts;
}
