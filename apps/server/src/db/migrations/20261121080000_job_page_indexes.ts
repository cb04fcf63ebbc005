import { sql, type Kysely } from 'kysely';

/**
 * The job page and the dashboard of a 100,000-applicant job (docs/decisions/080-bench-indexes.md).
 * The stage expression is the CASE of modules/applications/stage-sql.ts, copied because a
 * migration must not change when that file does; the planner uses the index only while the two
 * match, and `npm run bench` (scripts/bench/explain-check.ts) shows when they stop matching.
 * The included columns are every one the stage, the filters and the dashboard counts read, so
 * counting a job's applicants is an index-only scan that never touches the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX applications_job_stage_idx ON applications (
      job_id,
      (CASE
        WHEN shortlisted OR rejected THEN 'Outcomes'
        WHEN review_average IS NOT NULL OR reviewed_at IS NOT NULL THEN 'Reviewed'
        WHEN answer_count > 0 THEN 'Responded'
        WHEN declined_at IS NOT NULL THEN 'AwaitingResponse'
        WHEN invited_at IS NOT NULL AND responded_at IS NULL AND NOT invitation_failed
          THEN 'AwaitingResponse'
        ELSE 'ToInvite'
      END),
      created_at DESC,
      id DESC
    ) INCLUDE (archived, shortlisted, rejected, review_average, reviewed_at, answer_count,
      declined_at, invited_at, responded_at, invitation_failed, deadline, status)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX applications_job_stage_idx`.execute(db);
}
