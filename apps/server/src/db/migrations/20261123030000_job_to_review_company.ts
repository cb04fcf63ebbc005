import { sql, type Kysely } from 'kysely';

/**
 * The company of each job's 'To review' row (docs/decisions/096-dashboard-totals.md), so the
 * dashboard's total for a whole company is one index read of its own jobs' rows: 0.1 ms for
 * the bench company's 1,000 jobs, where matching job_to_review against the company's jobs
 * read every company's rows and took 0.5 ms.
 *
 * A job never changes company, so the trigger writes it once, with the job's first row; the
 * rule and the rest of the sync are migration 20261123020000's.
 */
const TO_REVIEW = `stage = 'Responded' AND NOT archived`;
const ADDED = `SELECT job_id, applicants FROM new_rows WHERE ${TO_REVIEW}`;
const REMOVED = `SELECT job_id, -applicants FROM old_rows WHERE ${TO_REVIEW}`;

function applyChanges(rows: string) {
  // A job being deleted took its row with it (ON DELETE CASCADE): the join leaves it out.
  return sql`
    INSERT INTO job_to_review AS t (job_id, company_id, applicants)
    SELECT changes.job_id, j.company_id, sum(change)::int
    FROM (${sql.raw(rows)}) AS changes (job_id, change)
    JOIN jobs j ON j.id = changes.job_id
    GROUP BY changes.job_id, j.company_id
    HAVING sum(change) <> 0
    ORDER BY changes.job_id
    ON CONFLICT (job_id) DO UPDATE SET applicants = t.applicants + excluded.applicants;`;
}

function syncFunction(apply: (rows: string) => ReturnType<typeof sql>) {
  return sql`CREATE OR REPLACE FUNCTION job_to_review_sync() RETURNS trigger
    LANGUAGE plpgsql AS $sync$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${apply(ADDED)}
      ELSIF TG_OP = 'DELETE' THEN
        ${apply(REMOVED)}
      ELSE
        ${apply(`${ADDED} UNION ALL ${REMOVED}`)}
      END IF;
      RETURN NULL;
    END
    $sync$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // The lock keeps the counters' writers (whose triggers write here) out until this commits.
  await sql`LOCK TABLE job_to_review IN EXCLUSIVE MODE`.execute(db);
  await sql`ALTER TABLE job_to_review ADD COLUMN company_id integer`.execute(
    db,
  );
  await sql`UPDATE job_to_review t SET company_id = j.company_id
    FROM jobs j WHERE j.id = t.job_id`.execute(db);
  await sql`ALTER TABLE job_to_review ALTER COLUMN company_id SET NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX job_to_review_company_idx
    ON job_to_review (company_id) INCLUDE (applicants)`.execute(db);
  await syncFunction(applyChanges).execute(db);
  await sql`ANALYZE job_to_review`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await syncFunction(
    (rows) => sql`
    INSERT INTO job_to_review AS t (job_id, applicants)
    SELECT job_id, sum(change)::int FROM (${sql.raw(rows)}) AS changes (job_id, change)
    WHERE EXISTS (SELECT FROM jobs j WHERE j.id = changes.job_id)
    GROUP BY job_id
    HAVING sum(change) <> 0
    ORDER BY job_id
    ON CONFLICT (job_id) DO UPDATE SET applicants = t.applicants + excluded.applicants;`,
  ).execute(db);
  await sql`ALTER TABLE job_to_review DROP COLUMN company_id`.execute(db);
}
