import { sql, type Kysely } from 'kysely';

/**
 * Each person's own review (docs/decisions/133-each-reviewer-completes-their-own-review.md):
 *
 * - review_completions: who marked their review of an interviewee complete, and when. `open`
 *   says whether the interviewee is still review work (answers or a review, not archived,
 *   shortlisted or rejected: the Responded and Reviewed stages), kept by a trigger on
 *   applications, so a person's 'To review' is the job's open applicants less their open
 *   completions, read from a partial index of their own rows.
 * - company_to_review now adds up the Responded and the Reviewed stages: an interviewee someone
 *   rated is still review work for everyone else on the panel.
 */
const OPEN = (
  a: string,
) => `(NOT ${a}.archived AND NOT ${a}.shortlisted AND NOT ${a}.rejected
  AND (${a}.answer_count > 0 OR ${a}.review_average IS NOT NULL OR ${a}.reviewed_at IS NOT NULL))`;

/** company_to_review's sync of migration 20261124070000, adding up `figure`. */
function toReviewSync(figure: string) {
  const rowsOf = (sign: '' | '-', table: string) =>
    `SELECT company_id, created_by, ${sign}(${figure}) FROM ${table}`;
  const apply = (rows: string) => `
    INSERT INTO company_to_review AS t (company_id, created_by, applicants)
    SELECT changes.company_id, changes.created_by, sum(change)::int
    FROM (${rows}) AS changes (company_id, created_by, change)
    WHERE EXISTS (SELECT FROM companies c WHERE c.id = changes.company_id)
    GROUP BY changes.company_id, changes.created_by
    HAVING sum(change) <> 0
    ORDER BY changes.company_id, changes.created_by
    ON CONFLICT (company_id, created_by)
      DO UPDATE SET applicants = t.applicants + excluded.applicants;`;
  return sql.raw(`CREATE OR REPLACE FUNCTION company_to_review_sync() RETURNS trigger
    LANGUAGE plpgsql AS $sync$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${apply(rowsOf('', 'new_rows'))}
      ELSIF TG_OP = 'DELETE' THEN
        ${apply(rowsOf('-', 'old_rows'))}
      ELSE
        ${apply(`${rowsOf('', 'new_rows')} UNION ALL ${rowsOf('-', 'old_rows')}`)}
      END IF;
      RETURN NULL;
    END
    $sync$`);
}

async function recountToReview(db: Kysely<unknown>, figure: string) {
  // Keeps the counters' writers (the fold at commit) out until this migration commits.
  await sql`LOCK TABLE application_counts IN EXCLUSIVE MODE`.execute(db);
  await toReviewSync(figure).execute(db);
  await sql`UPDATE company_to_review SET applicants = 0`.execute(db);
  await sql`INSERT INTO company_to_review AS t (company_id, created_by, applicants)
    SELECT company_id, created_by, sum(${sql.raw(figure)})::int FROM job_stage_counts
    GROUP BY company_id, created_by
    ON CONFLICT (company_id, created_by)
      DO UPDATE SET applicants = excluded.applicants`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE review_completions (
    application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    job_id integer NOT NULL,
    company_id integer NOT NULL,
    completed_at timestamptz NOT NULL DEFAULT now(),
    open boolean NOT NULL,
    PRIMARY KEY (application_id, user_id)
  )`.execute(db);
  await sql`CREATE INDEX review_completions_open_idx
    ON review_completions (user_id, company_id, job_id) WHERE open`.execute(db);
  await sql`CREATE INDEX review_completions_job_idx
    ON review_completions (job_id, user_id)`.execute(db);

  // Who completed each review so far is in the activity; a completion whose person is gone
  // leaves reviewed_at, and with it the stage, as it was.
  await sql`INSERT INTO review_completions
      (application_id, user_id, job_id, company_id, completed_at, open)
    SELECT DISTINCT ON (a.id, act.user_id) a.id, act.user_id, a.job_id, a.company_id,
      act.created_at, ${sql.raw(OPEN('a'))}
    FROM activities act
    JOIN applications a ON a.id = act.application_id
    JOIN users u ON u.id = act.user_id
    WHERE act.verb = 'application.review_completed'
    ORDER BY a.id, act.user_id, act.created_at`.execute(db);

  await sql
    .raw(
      `CREATE FUNCTION review_completions_open() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE review_completions SET open = ${OPEN('NEW')} WHERE application_id = NEW.id;
      RETURN NULL;
    END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER applications_review_completions_open
    AFTER UPDATE OF archived, shortlisted, rejected, answer_count, review_average, reviewed_at
    ON applications FOR EACH ROW
    WHEN (${OPEN('OLD')} IS DISTINCT FROM ${OPEN('NEW')})
    EXECUTE FUNCTION review_completions_open()`,
    )
    .execute(db);
  // As the counters' triggers: also under session_replication_role = replica (seed:large).
  await sql`ALTER TABLE applications ENABLE ALWAYS TRIGGER applications_review_completions_open`.execute(
    db,
  );

  await recountToReview(db, 'responded + reviewed');
  await sql`ANALYZE review_completions`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await recountToReview(db, 'responded');
  await sql`DROP TRIGGER applications_review_completions_open ON applications`.execute(
    db,
  );
  await sql`DROP FUNCTION review_completions_open()`.execute(db);
  await sql`DROP TABLE review_completions`.execute(db);
}
