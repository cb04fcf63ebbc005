import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's 'Created by me' list from indexes alone
 * (docs/decisions/103-created-by-me-and-search-plans.md):
 * - jobs are indexed by company, creator and the list's order, so the page is the first 20
 *   entries and the count an index-only scan, where both read every job of the company and
 *   kept the creator's;
 * - each job's 'To review' row carries the job's creator, so the list's total is one index
 *   range of job_to_review, as the whole company's is (migration 20261123030000), instead of a
 *   lookup per job: 1.5 ms for the bench owner's 1,000 jobs.
 *
 * The counters' sync writes the creator with the job's first row; a trigger on jobs follows a
 * change of creator, which today only the users foreign key makes (ON DELETE SET NULL).
 */
const TO_REVIEW = `stage = 'Responded' AND NOT archived`;
const ADDED = `SELECT job_id, applicants FROM new_rows WHERE ${TO_REVIEW}`;
const REMOVED = `SELECT job_id, -applicants FROM old_rows WHERE ${TO_REVIEW}`;

function applyChanges(rows: string, withCreator: boolean) {
  const creator = sql.raw(withCreator ? ', created_by' : '');
  const jobCreator = sql.raw(withCreator ? ', j.created_by' : '');
  // A job being deleted took its row with it (ON DELETE CASCADE): the join leaves it out.
  return sql`
    INSERT INTO job_to_review AS t (job_id, company_id${creator}, applicants)
    SELECT changes.job_id, j.company_id${jobCreator}, sum(change)::int
    FROM (${sql.raw(rows)}) AS changes (job_id, change)
    JOIN jobs j ON j.id = changes.job_id
    GROUP BY changes.job_id, j.company_id${jobCreator}
    HAVING sum(change) <> 0
    ORDER BY changes.job_id
    ON CONFLICT (job_id) DO UPDATE SET applicants = t.applicants + excluded.applicants;`;
}

function syncFunction(withCreator: boolean) {
  return sql`CREATE OR REPLACE FUNCTION job_to_review_sync() RETURNS trigger
    LANGUAGE plpgsql AS $sync$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${applyChanges(ADDED, withCreator)}
      ELSIF TG_OP = 'DELETE' THEN
        ${applyChanges(REMOVED, withCreator)}
      ELSE
        ${applyChanges(`${ADDED} UNION ALL ${REMOVED}`, withCreator)}
      END IF;
      RETURN NULL;
    END
    $sync$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX jobs_company_creator_idx
    ON jobs (company_id, created_by, created_at DESC, id DESC)`.execute(db);
  // The lock keeps the counters' writers (whose triggers write here) out until this commits.
  await sql`LOCK TABLE job_to_review IN EXCLUSIVE MODE`.execute(db);
  await sql`ALTER TABLE job_to_review ADD COLUMN created_by integer`.execute(
    db,
  );
  await sql`UPDATE job_to_review t SET created_by = j.created_by
    FROM jobs j WHERE j.id = t.job_id`.execute(db);
  // The company's own rows, then the creator's among them: one index serves both totals.
  await sql`DROP INDEX job_to_review_company_idx`.execute(db);
  await sql`CREATE INDEX job_to_review_company_creator_idx
    ON job_to_review (company_id, created_by) INCLUDE (applicants)`.execute(db);
  await syncFunction(true).execute(db);
  await sql`CREATE FUNCTION job_to_review_creator() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE job_to_review SET created_by = NEW.created_by WHERE job_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER jobs_to_review_creator
    AFTER UPDATE OF created_by ON jobs
    FOR EACH ROW WHEN (OLD.created_by IS DISTINCT FROM NEW.created_by)
    EXECUTE FUNCTION job_to_review_creator()`.execute(db);
  // As the counters' triggers: also under session_replication_role = replica.
  await sql`ALTER TABLE jobs ENABLE ALWAYS TRIGGER jobs_to_review_creator`.execute(
    db,
  );
  await sql`ANALYZE job_to_review`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER jobs_to_review_creator ON jobs`.execute(db);
  await sql`DROP FUNCTION job_to_review_creator()`.execute(db);
  await syncFunction(false).execute(db);
  await sql`DROP INDEX job_to_review_company_creator_idx`.execute(db);
  await sql`CREATE INDEX job_to_review_company_idx
    ON job_to_review (company_id) INCLUDE (applicants)`.execute(db);
  await sql`ALTER TABLE job_to_review DROP COLUMN created_by`.execute(db);
  await sql`DROP INDEX jobs_company_creator_idx`.execute(db);
}
