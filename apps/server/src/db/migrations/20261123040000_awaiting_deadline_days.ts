import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * Waiting applicants per job and deadline day (docs/decisions/099-awaiting-deadline-days.md),
 * so the job page splits Awaiting from Expired without counting every waiting applicant whose
 * deadline is ahead: the days after today come from here, and only today's deadlines are
 * counted live against the clock.
 *
 * The counters' queue and fold (migration 20261122020000) carry one more key, the deadline's
 * day in UTC for an applicant who counts here, so the same queued changes and the same fold at
 * commit keep both tables: no second set of triggers, and the fold still writes every counter
 * row of a transaction at its end, in key order. The stage and the bucket are copied from that
 * migration, as a migration must not change when another file does.
 */
const STAGE = sql.raw(`(CASE
  WHEN shortlisted OR rejected THEN 'Outcomes'
  WHEN review_average IS NOT NULL OR reviewed_at IS NOT NULL THEN 'Reviewed'
  WHEN answer_count > 0 THEN 'Responded'
  WHEN declined_at IS NOT NULL THEN 'AwaitingResponse'
  WHEN invited_at IS NOT NULL AND responded_at IS NULL AND NOT invitation_failed
    THEN 'AwaitingResponse'
  ELSE 'ToInvite'
END)`);

const BUCKET =
  sql.raw(`job_id, stage, archived, invitation_failed, declined, shortlisted,
  rejected, answer_count, incomplete_status, has_deadline`);
const BUCKET_OF_ROW = sql`job_id, ${STAGE}, archived, invitation_failed,
  declined_at IS NOT NULL, shortlisted, rejected, answer_count, status = 6,
  deadline IS NOT NULL`;

/** The condition of applications_awaiting_deadline_idx: waiting, not withdrawn or archived. */
const AWAITING_WITH_DEADLINE = sql`${STAGE} = 'AwaitingResponse'
  AND declined_at IS NULL AND NOT archived AND deadline IS NOT NULL`;
const DEADLINE_DAY = sql`CASE WHEN ${AWAITING_WITH_DEADLINE}
  THEN (deadline AT TIME ZONE 'UTC')::date END`;

/** The queue and fold with the deadline day (`days`), or as migration 20261122020000 made them. */
function counterFunctions(days: boolean) {
  const key = days ? sql`${BUCKET}, deadline_day` : BUCKET;
  const ofRow = days ? sql`${BUCKET_OF_ROW}, ${DEADLINE_DAY}` : BUCKET_OF_ROW;
  const inserted = sql`SELECT ${ofRow}, 1 FROM new_rows`;
  const deleted = sql`SELECT ${ofRow}, -1 FROM old_rows`;
  const queue = (rows: RawBuilder<unknown>) => sql`
    INSERT INTO application_count_changes (${key}, applicants, fold_at_commit)
    SELECT ${key}, sum(change)::int,
      row_number() OVER () = 1 AND NOT EXISTS (
        SELECT FROM application_count_changes WHERE txid = txid_current())
    FROM (${rows}) AS changes (${key}, change)
    GROUP BY ${key}
    HAVING sum(change) <> 0;`;
  const counts = sql`
    INSERT INTO application_counts AS c (${BUCKET}, applicants)
    SELECT ${BUCKET}, sum(applicants)::int FROM mine
    WHERE EXISTS (SELECT FROM jobs j WHERE j.id = mine.job_id)
    GROUP BY ${BUCKET}
    HAVING sum(applicants) <> 0
    ORDER BY ${BUCKET}
    ON CONFLICT (${BUCKET}) DO UPDATE SET applicants = c.applicants + excluded.applicants`;
  // A data-modifying CTE runs whether or not the statement reads it: both tables are written.
  const fold = days
    ? sql`
      WITH mine AS (
        DELETE FROM application_count_changes WHERE txid = txid_current()
        RETURNING ${key}, applicants
      ), counted AS (${counts})
      INSERT INTO awaiting_deadlines AS d (job_id, deadline_day, applicants)
      SELECT job_id, deadline_day, sum(applicants)::int FROM mine
      WHERE deadline_day IS NOT NULL
        AND EXISTS (SELECT FROM jobs j WHERE j.id = mine.job_id)
      GROUP BY job_id, deadline_day
      HAVING sum(applicants) <> 0
      ORDER BY job_id, deadline_day
      ON CONFLICT (job_id, deadline_day)
        DO UPDATE SET applicants = d.applicants + excluded.applicants;`
    : sql`
      WITH mine AS (
        DELETE FROM application_count_changes WHERE txid = txid_current()
        RETURNING ${key}, applicants
      )
      ${counts};`;
  return [
    sql`CREATE OR REPLACE FUNCTION application_counts_queue() RETURNS trigger
      LANGUAGE plpgsql AS $queue$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${queue(inserted)}
        ELSIF TG_OP = 'DELETE' THEN
          ${queue(deleted)}
        ELSE
          ${queue(sql`${inserted} UNION ALL ${deleted}`)}
        END IF;
        RETURN NULL;
      END
      $queue$`,
    sql`CREATE OR REPLACE FUNCTION application_counts_fold() RETURNS trigger
      LANGUAGE plpgsql AS $fold$
      BEGIN
        ${fold}
        RETURN NULL;
      END
      $fold$`,
    sql`CREATE OR REPLACE FUNCTION application_counts_clear() RETURNS trigger
      LANGUAGE plpgsql AS $clear$
      BEGIN
        DELETE FROM application_counts;
        ${days ? sql`DELETE FROM awaiting_deadlines;` : sql``}
        DELETE FROM application_count_changes WHERE txid = txid_current();
        RETURN NULL;
      END
      $clear$`,
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    // Writers of applications wait until this commits, so the count below misses nothing
    // and counts nothing twice.
    sql`LOCK TABLE applications IN SHARE ROW EXCLUSIVE MODE`,
    sql`CREATE TABLE awaiting_deadlines (
      job_id integer NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
      deadline_day date NOT NULL,
      applicants integer NOT NULL,
      PRIMARY KEY (job_id, deadline_day)
    )`,
    sql`ALTER TABLE application_count_changes ADD COLUMN deadline_day date`,
    ...counterFunctions(true),
    sql`INSERT INTO awaiting_deadlines (job_id, deadline_day, applicants)
      SELECT job_id, (deadline AT TIME ZONE 'UTC')::date, count(*)::int FROM applications
      WHERE ${AWAITING_WITH_DEADLINE}
      GROUP BY 1, 2`,
    sql`ANALYZE awaiting_deadlines`,
  ]) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    ...counterFunctions(false),
    sql`ALTER TABLE application_count_changes DROP COLUMN deadline_day`,
    sql`DROP TABLE awaiting_deadlines`,
  ]) {
    await statement.execute(db);
  }
}
