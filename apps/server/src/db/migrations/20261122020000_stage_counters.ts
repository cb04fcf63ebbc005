import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * Stage counters (docs/decisions/082-stage-counters.md): applicants per job and per bucket of
 * the columns the job page's stages and filters read, kept by triggers on applications, so the
 * job page and the dashboard count without scanning a job's applicants.
 *
 * The stage expression is the CASE of modules/applications/stage-sql.ts over bare columns,
 * copied because a migration must not change when that file does (the same copy as in
 * 20261121080000_job_page_indexes.ts; the partial index below is used only while they match,
 * and the counters test fails when the two disagree).
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

/**
 * A bucket: the facts the stage and every filter depend on, except the time (whether a
 * deadline has passed). answer_count is kept as it is, not as "fewer than the job's
 * questions", so adding or removing a question or changing the rating style never makes a
 * counter wrong: the reads compare it with the job's figures of the moment.
 */
const BUCKET =
  sql.raw(`job_id, stage, archived, invitation_failed, declined, shortlisted,
  rejected, answer_count, incomplete_status, has_deadline`);
const BUCKET_OF_ROW = sql`job_id, ${STAGE}, archived, invitation_failed,
  declined_at IS NOT NULL, shortlisted, rejected, answer_count, status = 6,
  deadline IS NOT NULL`;
const BUCKET_COLUMNS = sql.raw(`job_id integer NOT NULL,
  stage text NOT NULL,
  archived boolean NOT NULL,
  invitation_failed boolean NOT NULL,
  declined boolean NOT NULL,
  shortlisted boolean NOT NULL,
  rejected boolean NOT NULL,
  answer_count integer NOT NULL,
  incomplete_status boolean NOT NULL,
  has_deadline boolean NOT NULL,
  applicants integer NOT NULL`);

const INSERTED = sql`SELECT ${BUCKET_OF_ROW}, 1 FROM new_rows`;
const DELETED = sql`SELECT ${BUCKET_OF_ROW}, -1 FROM old_rows`;

/**
 * One statement's changes, one row per bucket that changed (+1 per applicant into it, -1 per
 * applicant out of it), so a bulk insert of 10,000 rows queues a handful of rows and an update
 * that moves nobody queues none. Queued, not added: see FOLD. The first row a transaction
 * queues carries the fold at its commit (fold_at_commit), so the fold runs once per
 * transaction however many rows and statements it queues.
 */
function queue(rows: RawBuilder<unknown>) {
  return sql`
    INSERT INTO application_count_changes (${BUCKET}, applicants, fold_at_commit)
    SELECT ${BUCKET}, sum(change)::int,
      row_number() OVER () = 1 AND NOT EXISTS (
        SELECT FROM application_count_changes WHERE txid = txid_current())
    FROM (${rows}) AS changes (${BUCKET}, change)
    GROUP BY ${BUCKET}
    HAVING sum(change) <> 0;`;
}

/**
 * At commit, the transaction's queued changes are added to the counters in one statement, in
 * key order. A transaction thus locks counter rows only at its end, all at once in the same
 * order as every other, so transactions that move applicants over several statements in
 * opposite directions cannot deadlock, and a busy job's counter rows are held for the commit
 * only, not for the rest of the writing transaction. A job deleted in the same transaction
 * (its counters went with it, ON DELETE CASCADE) is skipped.
 */
const FOLD = sql`
  WITH mine AS (
    DELETE FROM application_count_changes WHERE txid = txid_current()
    RETURNING ${BUCKET}, applicants
  )
  INSERT INTO application_counts AS c (${BUCKET}, applicants)
  SELECT ${BUCKET}, sum(applicants)::int FROM mine
  WHERE EXISTS (SELECT FROM jobs j WHERE j.id = mine.job_id)
  GROUP BY ${BUCKET}
  HAVING sum(applicants) <> 0
  ORDER BY ${BUCKET}
  ON CONFLICT (${BUCKET}) DO UPDATE SET applicants = c.applicants + excluded.applicants;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`CREATE TABLE application_counts (
      ${BUCKET_COLUMNS},
      PRIMARY KEY (${BUCKET}),
      FOREIGN KEY (job_id) REFERENCES jobs(id) ON DELETE CASCADE
    )`,
    // The dashboard's 'To review' total over every job of a company: one index-only range of
    // a few rows per job (modules/jobs/job-stats.repository.ts, TO_REVIEW_STAGE).
    sql`CREATE INDEX application_counts_to_review_idx ON application_counts (job_id)
      INCLUDE (applicants) WHERE stage = 'Responded' AND NOT archived`,
    // Rows live only inside the transaction that queued them (FOLD removes them at its
    // commit), so the table is never worth logging or keeping through a crash.
    sql`CREATE UNLOGGED TABLE application_count_changes (
      txid bigint NOT NULL DEFAULT txid_current(),
      ${BUCKET_COLUMNS},
      fold_at_commit boolean NOT NULL
    )`,
    sql`CREATE INDEX application_count_changes_txid_idx
      ON application_count_changes (txid)`,
    sql`CREATE FUNCTION application_counts_queue() RETURNS trigger
      LANGUAGE plpgsql AS $queue$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${queue(INSERTED)}
        ELSIF TG_OP = 'DELETE' THEN
          ${queue(DELETED)}
        ELSE
          ${queue(sql`${INSERTED} UNION ALL ${DELETED}`)}
        END IF;
        RETURN NULL;
      END
      $queue$`,
    sql`CREATE FUNCTION application_counts_fold() RETURNS trigger
      LANGUAGE plpgsql AS $fold$
      BEGIN
        ${FOLD}
        RETURN NULL;
      END
      $fold$`,
    // TRUNCATE runs no row triggers: the counters empty with the table, and so do the changes
    // this transaction queued before it (no other transaction can have any: TRUNCATE waits
    // for every writer of applications to end).
    sql`CREATE FUNCTION application_counts_clear() RETURNS trigger
      LANGUAGE plpgsql AS $clear$
      BEGIN
        DELETE FROM application_counts;
        DELETE FROM application_count_changes WHERE txid = txid_current();
        RETURN NULL;
      END
      $clear$`,
    // Transition tables allow one event per trigger, hence three.
    sql`CREATE TRIGGER application_counts_insert AFTER INSERT ON applications
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION application_counts_queue()`,
    sql`CREATE TRIGGER application_counts_update AFTER UPDATE ON applications
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION application_counts_queue()`,
    sql`CREATE TRIGGER application_counts_delete AFTER DELETE ON applications
      REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION application_counts_queue()`,
    sql`CREATE TRIGGER application_counts_truncate AFTER TRUNCATE ON applications
      FOR EACH STATEMENT EXECUTE FUNCTION application_counts_clear()`,
    sql`CREATE CONSTRAINT TRIGGER application_counts_fold
      AFTER INSERT ON application_count_changes
      DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (NEW.fold_at_commit)
      EXECUTE FUNCTION application_counts_fold()`,
    // Also under session_replication_role = replica, which seed:large loads with: the counters
    // are derived data that must follow every writer (so these tables are never to be
    // published by logical replication; each node keeps its own).
    sql`ALTER TABLE applications ENABLE ALWAYS TRIGGER application_counts_insert`,
    sql`ALTER TABLE applications ENABLE ALWAYS TRIGGER application_counts_update`,
    sql`ALTER TABLE applications ENABLE ALWAYS TRIGGER application_counts_delete`,
    sql`ALTER TABLE applications ENABLE ALWAYS TRIGGER application_counts_truncate`,
    sql`ALTER TABLE application_count_changes
      ENABLE ALWAYS TRIGGER application_counts_fold`,
    // The triggers above took a lock that keeps writers out until this migration commits, so
    // this count misses nothing and nothing is counted twice.
    sql`INSERT INTO application_counts (${BUCKET}, applicants)
      SELECT ${BUCKET_OF_ROW}, count(*)::int FROM applications
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`,
    // The job page's first reads plan with the table's real size, not an empty table's.
    sql`ANALYZE application_counts`,
    // The one time-dependent split (Awaiting / Expired): applicants still waiting whose
    // deadline is ahead are counted in this index alone, an index-only range per job.
    sql`CREATE INDEX applications_awaiting_deadline_idx ON applications (job_id, deadline)
      WHERE ${STAGE} = 'AwaitingResponse' AND declined_at IS NULL AND NOT archived
        AND deadline IS NOT NULL`,
  ]) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`DROP INDEX applications_awaiting_deadline_idx`,
    sql`DROP TRIGGER application_counts_truncate ON applications`,
    sql`DROP TRIGGER application_counts_delete ON applications`,
    sql`DROP TRIGGER application_counts_update ON applications`,
    sql`DROP TRIGGER application_counts_insert ON applications`,
    sql`DROP TABLE application_count_changes`,
    sql`DROP TABLE application_counts`,
    sql`DROP FUNCTION application_counts_clear()`,
    sql`DROP FUNCTION application_counts_fold()`,
    sql`DROP FUNCTION application_counts_queue()`,
  ]) {
    await statement.execute(db);
  }
}
