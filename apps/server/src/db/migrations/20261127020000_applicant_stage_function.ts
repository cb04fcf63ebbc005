import { sql, type Kysely } from 'kysely';

/**
 * The applicant stage as one SQL function (docs/decisions/158-the-stage-in-one-sql-function.md):
 * the job page's index, the awaiting-deadline index, the counters' trigger and the reads
 * (modules/applications/stage-sql.ts) call `applicant_stage(…)` instead of each holding a copy of
 * the CASE. A SQL function of one expression that is IMMUTABLE is inlined by the planner, in
 * queries and in index definitions alike, so a query's call still matches an index's.
 *
 * The trigger function is rewritten from its definition in the database, the CASE replaced by
 * the call, instead of being written out again here: what it is otherwise stays as the earlier
 * migrations made it. The CASE below is the one they wrote, character for character.
 */
const CASE_TEXT = `(CASE
  WHEN shortlisted OR rejected THEN 'Outcomes'
  WHEN review_average IS NOT NULL OR reviewed_at IS NOT NULL THEN 'Reviewed'
  WHEN answer_count > 0 THEN 'Responded'
  WHEN declined_at IS NOT NULL THEN 'AwaitingResponse'
  WHEN invited_at IS NOT NULL AND responded_at IS NULL AND NOT invitation_failed
    THEN 'AwaitingResponse'
  ELSE 'ToInvite'
END)`;
const CALL_TEXT = `applicant_stage(shortlisted, rejected, review_average, reviewed_at,
  answer_count, declined_at, invited_at, responded_at, invitation_failed)`;

const COVERED =
  sql.raw(`archived, shortlisted, rejected, review_average, reviewed_at,
  answer_count, declined_at, invited_at, responded_at, invitation_failed, deadline, status`);
const AWAITING_WITH_DEADLINE = (stage: string) =>
  sql.raw(`${stage} = 'AwaitingResponse'
    AND declined_at IS NULL AND NOT archived AND deadline IS NOT NULL`);

/** The job page's index (migration 20261121080000) and the awaiting one (20261123040000). */
async function createIndexes(db: Kysely<unknown>, stage: string) {
  await sql`CREATE INDEX applications_job_stage_idx ON applications (
    job_id, (${sql.raw(stage)}), created_at DESC, id DESC) INCLUDE (${COVERED})`.execute(
    db,
  );
  await sql`CREATE INDEX applications_awaiting_deadline_idx
    ON applications (job_id, deadline) WHERE ${AWAITING_WITH_DEADLINE(stage)}`.execute(
    db,
  );
}

async function dropIndexes(db: Kysely<unknown>) {
  await sql`DROP INDEX applications_job_stage_idx`.execute(db);
  await sql`DROP INDEX applications_awaiting_deadline_idx`.execute(db);
}

/** Replaces every `from` in the counters' queue function by `to`; it must hold at least one. */
async function rewriteQueueFunction(
  db: Kysely<unknown>,
  from: string,
  to: string,
) {
  const { rows } = await sql<{
    definition: string;
  }>`SELECT pg_get_functiondef('application_counts_queue'::regproc) AS definition`.execute(
    db,
  );
  const definition = rows[0]?.definition ?? '';
  if (!definition.includes(from))
    throw new Error(
      'application_counts_queue() does not hold the stage expression this migration replaces',
    );
  await sql.raw(definition.split(from).join(to)).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE FUNCTION applicant_stage(
      shortlisted boolean, rejected boolean, review_average double precision,
      reviewed_at timestamptz, answer_count integer, declined_at timestamptz,
      invited_at timestamptz, responded_at timestamptz, invitation_failed boolean)
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $stage$ SELECT ${sql.raw(CASE_TEXT)} $stage$`.execute(db);
  await rewriteQueueFunction(db, CASE_TEXT, CALL_TEXT);
  await dropIndexes(db);
  await createIndexes(db, CALL_TEXT);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropIndexes(db);
  await createIndexes(db, CASE_TEXT);
  await rewriteQueueFunction(db, CALL_TEXT, CASE_TEXT);
  await sql`DROP FUNCTION applicant_stage`.execute(db);
}
