import { sql, type Kysely } from 'kysely';

/**
 * Each person's open completions per company and job creator, kept from review_completions
 * (docs/decisions/140-each-persons-open-completions-kept.md), so the dashboard's 'To review'
 * total reads a few rows instead of counting a person's thousands of index entries.
 *
 * review_completions carries its job's creator, so every change of the counts is a change of
 * its own rows: a completion recorded or removed (with its applicant, job, company or person),
 * its applicant entering or leaving review (`open`), its job handed to another creator.
 */
const CHANGES = {
  added: `SELECT user_id, company_id, created_by, 1 FROM new_rows WHERE open`,
  removed: `SELECT user_id, company_id, created_by, -1 FROM old_rows WHERE open`,
};

function addCounts(rows: string) {
  // A company or a person being deleted takes their rows with them: the EXISTS leave them out.
  return `
    INSERT INTO open_completion_counts AS t (user_id, company_id, created_by, completions)
    SELECT changes.user_id, changes.company_id, changes.created_by, sum(change)::int
    FROM (${rows}) AS changes (user_id, company_id, created_by, change)
    WHERE EXISTS (SELECT FROM companies c WHERE c.id = changes.company_id)
      AND EXISTS (SELECT FROM users u WHERE u.id = changes.user_id)
    GROUP BY changes.user_id, changes.company_id, changes.created_by
    HAVING sum(change) <> 0
    ORDER BY changes.user_id, changes.company_id, changes.created_by
    ON CONFLICT (user_id, company_id, created_by)
      DO UPDATE SET completions = t.completions + excluded.completions;`;
}

const EVENTS = {
  insert: ['NEW TABLE AS new_rows', addCounts(CHANGES.added)],
  update: [
    'OLD TABLE AS old_rows NEW TABLE AS new_rows',
    addCounts(`${CHANGES.added} UNION ALL ${CHANGES.removed}`),
  ],
  delete: ['OLD TABLE AS old_rows', addCounts(CHANGES.removed)],
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Keeps writers of completions out until the counts built below are committed.
  await sql`LOCK TABLE review_completions IN EXCLUSIVE MODE`.execute(db);
  await sql`ALTER TABLE review_completions ADD COLUMN created_by integer`.execute(
    db,
  );
  await sql`UPDATE review_completions rc SET created_by = j.created_by
    FROM jobs j WHERE j.id = rc.job_id`.execute(db);

  // created_by has no foreign key, as in company_to_review: a deleted creator's jobs move to
  // the row of no creator through the trigger on jobs below.
  await sql`CREATE TABLE open_completion_counts (
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    created_by integer,
    completions integer NOT NULL,
    UNIQUE NULLS NOT DISTINCT (user_id, company_id, created_by)
  )`.execute(db);
  await sql`INSERT INTO open_completion_counts (user_id, company_id, created_by, completions)
    SELECT user_id, company_id, created_by, count(*)::int FROM review_completions
    WHERE open GROUP BY user_id, company_id, created_by`.execute(db);

  for (const [event, [tables, body]] of Object.entries(EVENTS)) {
    const name = `open_completion_counts_${event}`;
    await sql
      .raw(
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $sync$
        BEGIN ${body} RETURN NULL; END $sync$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${name} AFTER ${event.toUpperCase()} ON review_completions
        REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
      )
      .execute(db);
    // As the counters' triggers: also under session_replication_role = replica (seed:large).
    await sql
      .raw(`ALTER TABLE review_completions ENABLE ALWAYS TRIGGER ${name}`)
      .execute(db);
  }

  // A job handed to another creator (today only when its creator is deleted) takes its
  // completions' counts along, in one statement per job, in key order.
  await sql`CREATE FUNCTION review_completions_creator() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE review_completions SET created_by = NEW.created_by WHERE job_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER jobs_review_completions_creator
    AFTER UPDATE OF created_by ON jobs
    FOR EACH ROW WHEN (OLD.created_by IS DISTINCT FROM NEW.created_by)
    EXECUTE FUNCTION review_completions_creator()`.execute(db);
  await sql`ALTER TABLE jobs ENABLE ALWAYS TRIGGER jobs_review_completions_creator`.execute(
    db,
  );
  await sql`ANALYZE open_completion_counts`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER jobs_review_completions_creator ON jobs`.execute(db);
  await sql`DROP FUNCTION review_completions_creator()`.execute(db);
  for (const event of Object.keys(EVENTS)) {
    const name = `open_completion_counts_${event}`;
    await sql.raw(`DROP TRIGGER ${name} ON review_completions`).execute(db);
    await sql.raw(`DROP FUNCTION ${name}()`).execute(db);
  }
  await sql`DROP TABLE open_completion_counts`.execute(db);
  await sql`ALTER TABLE review_completions DROP COLUMN created_by`.execute(db);
}
