import { sql, type Kysely } from 'kysely';

/**
 * Each job's applicants waiting for a review, kept from the stage counters
 * (docs/decisions/094-job-to-review.md): the dashboard's 'To review' total over a company's
 * 1,000 jobs adds 1,000 rows instead of the 11,845 counter rows of the Responded stage.
 *
 * The rule is decision 024's, as countToReview applied it to application_counts: the
 * Responded stage, archived applicants left out. Statement triggers on application_counts add
 * what each statement changed there, so every writer of the counters (the fold at commit, a
 * cascade from a deleted job, a TRUNCATE of applications) keeps this table right too.
 */
const TO_REVIEW = `stage = 'Responded' AND NOT archived`;
const ADDED = `SELECT job_id, applicants FROM new_rows WHERE ${TO_REVIEW}`;
const REMOVED = `SELECT job_id, -applicants FROM old_rows WHERE ${TO_REVIEW}`;

function applyChanges(rows: string) {
  // A job being deleted took its row with it (ON DELETE CASCADE): nothing to add there.
  return sql`
    INSERT INTO job_to_review AS t (job_id, applicants)
    SELECT job_id, sum(change)::int FROM (${sql.raw(rows)}) AS changes (job_id, change)
    WHERE EXISTS (SELECT FROM jobs j WHERE j.id = changes.job_id)
    GROUP BY job_id
    HAVING sum(change) <> 0
    ORDER BY job_id
    ON CONFLICT (job_id) DO UPDATE SET applicants = t.applicants + excluded.applicants;`;
}

/** Transition tables allow one event per trigger, hence one trigger per event. */
const TRIGGERS = {
  insert: 'NEW TABLE AS new_rows',
  update: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
  delete: 'OLD TABLE AS old_rows',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE job_to_review (
    job_id integer PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
    applicants integer NOT NULL
  )`.execute(db);
  await sql`CREATE FUNCTION job_to_review_sync() RETURNS trigger
    LANGUAGE plpgsql AS $sync$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${applyChanges(ADDED)}
      ELSIF TG_OP = 'DELETE' THEN
        ${applyChanges(REMOVED)}
      ELSE
        ${applyChanges(`${ADDED} UNION ALL ${REMOVED}`)}
      END IF;
      RETURN NULL;
    END
    $sync$`.execute(db);
  for (const [event, tables] of Object.entries(TRIGGERS)) {
    const name = sql.raw(`job_to_review_${event}`);
    await sql`CREATE TRIGGER ${name} AFTER ${sql.raw(event.toUpperCase())}
      ON application_counts REFERENCING ${sql.raw(tables)}
      FOR EACH STATEMENT EXECUTE FUNCTION job_to_review_sync()`.execute(db);
    // As the counters' own triggers: also under session_replication_role = replica.
    await sql`ALTER TABLE application_counts ENABLE ALWAYS TRIGGER ${name}`.execute(
      db,
    );
  }
  // The triggers' lock keeps the counters' writers out until this migration commits.
  await sql`INSERT INTO job_to_review (job_id, applicants)
    SELECT job_id, sum(applicants)::int FROM application_counts
    WHERE ${sql.raw(TO_REVIEW)}
    GROUP BY job_id`.execute(db);
  await sql`ANALYZE job_to_review`.execute(db);
  // What the total read before; nothing else does, and every fold wrote it.
  await sql`DROP INDEX application_counts_to_review_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX application_counts_to_review_idx ON application_counts (job_id)
    INCLUDE (applicants) WHERE ${sql.raw(TO_REVIEW)}`.execute(db);
  await sql`DROP TABLE job_to_review`.execute(db);
  for (const event of Object.keys(TRIGGERS))
    await sql`DROP TRIGGER ${sql.raw(`job_to_review_${event}`)} ON application_counts`.execute(
      db,
    );
  await sql`DROP FUNCTION job_to_review_sync()`.execute(db);
}
