import { sql, type Kysely } from 'kysely';

/**
 * A change of creator locks the jobs' rows of job_stage_counts in key order
 * (docs/decisions/109-dashboard-count-rows.md, "Why the locks are safe").
 *
 * Deleting a user sets the creator of all their jobs to null in one statement (the users
 * foreign key, ON DELETE SET NULL). Followed row by row, each job's row was locked and then the
 * creators' rows of company_to_review, job after job in the statement's order, while the
 * counters' fold locks the jobs' rows in key order before the creators' rows: a fold holding a
 * later job's row and waiting for a creator's row, and the deletion holding that creator's row
 * and waiting for the later job's row, would deadlock. Followed once per statement, the jobs'
 * rows are locked in key order first, and the creators' rows after them (company_to_review's
 * trigger fires at the end of the UPDATE), the order of every fold.
 *
 * Transition tables allow no column list, so the trigger runs after every UPDATE of jobs and
 * finds the jobs whose creator changed itself: none, for an edit of a job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER jobs_stage_counts_creator ON jobs`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION job_stage_counts_creator() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM FROM job_stage_counts s
        JOIN new_rows n ON n.id = s.job_id
        JOIN old_rows o ON o.id = n.id
      WHERE o.created_by IS DISTINCT FROM n.created_by
      ORDER BY s.job_id
      FOR UPDATE OF s;
      UPDATE job_stage_counts s SET created_by = n.created_by
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE s.job_id = n.id AND o.created_by IS DISTINCT FROM n.created_by;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER jobs_stage_counts_creator AFTER UPDATE ON jobs
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION job_stage_counts_creator()`.execute(db);
  // As the counters' own triggers: also under session_replication_role = replica.
  await sql`ALTER TABLE jobs ENABLE ALWAYS TRIGGER jobs_stage_counts_creator`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER jobs_stage_counts_creator ON jobs`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION job_stage_counts_creator() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE job_stage_counts SET created_by = NEW.created_by WHERE job_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER jobs_stage_counts_creator
    AFTER UPDATE OF created_by ON jobs
    FOR EACH ROW WHEN (OLD.created_by IS DISTINCT FROM NEW.created_by)
    EXECUTE FUNCTION job_stage_counts_creator()`.execute(db);
  await sql`ALTER TABLE jobs ENABLE ALWAYS TRIGGER jobs_stage_counts_creator`.execute(
    db,
  );
}
