import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's counts as rows it reads whole (docs/decisions/109-dashboard-count-rows.md):
 * - job_stage_counts: one row per job with its applicants per stage, archived ones apart, so a
 *   job of the list reads one row by key instead of grouping its 40-odd counter rows into JSON.
 *   It replaces job_to_review, whose figure is its `responded` column;
 * - company_to_review: the 'To review' total of each creator's jobs in a company, so the
 *   list's total reads a few rows instead of adding one per job (1,000 for the bench company).
 *
 * Both follow the counters through statement triggers, as job_to_review did (migration
 * 20261123020000): job_stage_counts from what each write of application_counts changed, and
 * company_to_review from what each write of job_stage_counts changed. The counters change in
 * the fold at commit, so these rows are locked then too, after the counter rows, in key order:
 * counters, then jobs, then creators, the same order for every transaction.
 */
const STAGES = [
  ['ToInvite', 'to_invite'],
  ['AwaitingResponse', 'awaiting_response'],
  ['Responded', 'responded'],
  ['Reviewed', 'reviewed'],
  ['Outcomes', 'outcomes'],
] as const;

const COUNTS = STAGES.flatMap(([stage, column]) => [
  { column, stage, archived: false },
  { column: `${column}_archived`, stage, archived: true },
]);
const COUNT_NAMES = COUNTS.map(({ column }) => column).join(', ');

/** The counters' changes per job and count column, as one row of sums per job. */
function countSums(table: string) {
  return (
    COUNTS.map(
      ({ column, stage, archived }) =>
        `coalesce(sum(change) FILTER (WHERE stage = '${stage}'
        AND ${archived ? '' : 'NOT '}archived), 0)::int AS ${column}`,
    ).join(`,\n`) + ` FROM ${table}`
  );
}

const ADDED = `SELECT job_id, stage, archived, applicants FROM new_rows`;
const REMOVED = `SELECT job_id, stage, archived, -applicants FROM old_rows`;

function addCounts(rows: string) {
  const changed = COUNTS.map(({ column }) => `${column} <> 0`).join(' OR ');
  const added = COUNTS.map(
    ({ column }) => `${column} = t.${column} + excluded.${column}`,
  ).join(', ');
  // A job being deleted took its row with it (ON DELETE CASCADE): the join leaves it out.
  return sql.raw(`
    INSERT INTO job_stage_counts AS t (job_id, company_id, created_by, ${COUNT_NAMES})
    SELECT sums.job_id, j.company_id, j.created_by, ${COUNT_NAMES}
    FROM (SELECT job_id, ${countSums(`(${rows}) AS changes (job_id, stage, archived, change)`)}
          GROUP BY job_id) AS sums
    JOIN jobs j ON j.id = sums.job_id
    WHERE ${changed}
    ORDER BY sums.job_id
    ON CONFLICT (job_id) DO UPDATE SET ${added};`);
}

const ADDED_TO_REVIEW = `SELECT company_id, created_by, responded FROM new_rows`;
const REMOVED_TO_REVIEW = `SELECT company_id, created_by, -responded FROM old_rows`;

function addToReview(rows: string) {
  // A company being deleted takes its rows with it: the EXISTS leaves it out.
  return sql.raw(`
    INSERT INTO company_to_review AS t (company_id, created_by, applicants)
    SELECT changes.company_id, changes.created_by, sum(change)::int
    FROM (${rows}) AS changes (company_id, created_by, change)
    WHERE EXISTS (SELECT FROM companies c WHERE c.id = changes.company_id)
    GROUP BY changes.company_id, changes.created_by
    HAVING sum(change) <> 0
    ORDER BY changes.company_id, changes.created_by
    ON CONFLICT (company_id, created_by)
      DO UPDATE SET applicants = t.applicants + excluded.applicants;`);
}

function syncFunction(
  name: string,
  apply: (rows: string) => ReturnType<typeof sql.raw>,
  added: string,
  removed: string,
) {
  return sql`CREATE FUNCTION ${sql.raw(name)}() RETURNS trigger
    LANGUAGE plpgsql AS $sync$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${apply(added)}
      ELSIF TG_OP = 'DELETE' THEN
        ${apply(removed)}
      ELSE
        ${apply(`${added} UNION ALL ${removed}`)}
      END IF;
      RETURN NULL;
    END
    $sync$`;
}

/** Transition tables allow one event per trigger, hence one trigger per event. */
const EVENTS = {
  insert: 'NEW TABLE AS new_rows',
  update: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
  delete: 'OLD TABLE AS old_rows',
};

async function createTriggers(
  db: Kysely<unknown>,
  table: string,
  prefix: string,
  fn: string,
) {
  for (const [event, tables] of Object.entries(EVENTS)) {
    const name = sql.raw(`${prefix}_${event}`);
    await sql`CREATE TRIGGER ${name} AFTER ${sql.raw(event.toUpperCase())}
      ON ${sql.raw(table)} REFERENCING ${sql.raw(tables)}
      FOR EACH STATEMENT EXECUTE FUNCTION ${sql.raw(fn)}()`.execute(db);
    // As the counters' own triggers: also under session_replication_role = replica.
    await sql`ALTER TABLE ${sql.raw(table)} ENABLE ALWAYS TRIGGER ${name}`.execute(
      db,
    );
  }
}

async function dropTriggers(
  db: Kysely<unknown>,
  table: string,
  prefix: string,
) {
  for (const event of Object.keys(EVENTS))
    await sql`DROP TRIGGER ${sql.raw(`${prefix}_${event}`)} ON ${sql.raw(table)}`.execute(
      db,
    );
}

/**
 * A job changes creator only through the users foreign key today (ON DELETE SET NULL); the
 * table's row follows (its function is named after the table: `<table>_creator`).
 */
async function followCreator(
  db: Kysely<unknown>,
  table: string,
  trigger: string,
) {
  const fn = sql.raw(`${table}_creator`);
  await sql`CREATE FUNCTION ${fn}() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE ${sql.raw(table)} SET created_by = NEW.created_by WHERE job_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER ${sql.raw(trigger)}
    AFTER UPDATE OF created_by ON jobs
    FOR EACH ROW WHEN (OLD.created_by IS DISTINCT FROM NEW.created_by)
    EXECUTE FUNCTION ${fn}()`.execute(db);
  // As the counters' own triggers: also under session_replication_role = replica.
  await sql`ALTER TABLE jobs ENABLE ALWAYS TRIGGER ${sql.raw(trigger)}`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Keeps the counters' writers (the fold at commit) out until this migration commits, so the
  // rows built below from the counters miss nothing and count nothing twice.
  await sql`LOCK TABLE application_counts IN EXCLUSIVE MODE`.execute(db);
  const countColumns = COUNTS.map(
    ({ column }) => `${column} integer NOT NULL DEFAULT 0`,
  ).join(',\n');
  await sql`CREATE TABLE job_stage_counts (
    job_id integer PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
    company_id integer NOT NULL,
    created_by integer,
    ${sql.raw(countColumns)}
  )`.execute(db);
  await sql`INSERT INTO job_stage_counts (job_id, company_id, created_by, ${sql.raw(COUNT_NAMES)})
    SELECT c.job_id, j.company_id, j.created_by, ${sql.raw(
      COUNTS.map(({ column }) => `c.${column}`).join(', '),
    )}
    FROM (SELECT job_id, ${sql.raw(
      countSums(
        `(SELECT job_id, stage, archived, applicants FROM application_counts)
          AS counts (job_id, stage, archived, change)`,
      ),
    )} GROUP BY job_id) AS c
    JOIN jobs j ON j.id = c.job_id`.execute(db);

  // created_by has no foreign key: when a user is deleted, their jobs' creator becomes null
  // and the creator trigger below moves their figure to the company's row for jobs without a
  // creator, which a SET NULL here would collide with. Their own row stays, at 0.
  await sql`CREATE TABLE company_to_review (
    company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    created_by integer,
    applicants integer NOT NULL,
    UNIQUE NULLS NOT DISTINCT (company_id, created_by)
  )`.execute(db);
  await sql`INSERT INTO company_to_review (company_id, created_by, applicants)
    SELECT company_id, created_by, sum(responded)::int FROM job_stage_counts
    GROUP BY company_id, created_by`.execute(db);

  await sql`DROP TRIGGER jobs_to_review_creator ON jobs`.execute(db);
  await sql`DROP FUNCTION job_to_review_creator()`.execute(db);
  await dropTriggers(db, 'application_counts', 'job_to_review');
  await sql`DROP FUNCTION job_to_review_sync()`.execute(db);
  await sql`DROP TABLE job_to_review`.execute(db);

  await syncFunction(
    'job_stage_counts_sync',
    addCounts,
    ADDED,
    REMOVED,
  ).execute(db);
  await createTriggers(
    db,
    'application_counts',
    'job_stage_counts',
    'job_stage_counts_sync',
  );
  await syncFunction(
    'company_to_review_sync',
    addToReview,
    ADDED_TO_REVIEW,
    REMOVED_TO_REVIEW,
  ).execute(db);
  await createTriggers(
    db,
    'job_stage_counts',
    'company_to_review',
    'company_to_review_sync',
  );
  // company_to_review's trigger moves the job's figure to its new creator.
  await followCreator(db, 'job_stage_counts', 'jobs_stage_counts_creator');
  await sql`ANALYZE job_stage_counts`.execute(db);
  await sql`ANALYZE company_to_review`.execute(db);
}

/** job_to_review's sync as migration 20261124020000 left it, for down(). */
const PREVIOUS_SYNC = (rows: string) => `
  INSERT INTO job_to_review AS t (job_id, company_id, created_by, applicants)
  SELECT changes.job_id, j.company_id, j.created_by, sum(change)::int
  FROM (${rows}) AS changes (job_id, change)
  JOIN jobs j ON j.id = changes.job_id
  GROUP BY changes.job_id, j.company_id, j.created_by
  HAVING sum(change) <> 0
  ORDER BY changes.job_id
  ON CONFLICT (job_id) DO UPDATE SET applicants = t.applicants + excluded.applicants;`;
const TO_REVIEW = `stage = 'Responded' AND NOT archived`;

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`LOCK TABLE application_counts IN EXCLUSIVE MODE`.execute(db);
  await sql`DROP TRIGGER jobs_stage_counts_creator ON jobs`.execute(db);
  await sql`DROP FUNCTION job_stage_counts_creator()`.execute(db);
  await dropTriggers(db, 'application_counts', 'job_stage_counts');
  await sql`DROP FUNCTION job_stage_counts_sync()`.execute(db);
  await dropTriggers(db, 'job_stage_counts', 'company_to_review');
  await sql`DROP FUNCTION company_to_review_sync()`.execute(db);
  await sql`DROP TABLE company_to_review`.execute(db);

  await sql`ALTER TABLE job_stage_counts RENAME TO job_to_review`.execute(db);
  await sql`ALTER TABLE job_to_review RENAME COLUMN responded TO applicants`.execute(
    db,
  );
  for (const { column } of COUNTS)
    if (column !== 'responded')
      await sql`ALTER TABLE job_to_review DROP COLUMN ${sql.raw(column)}`.execute(
        db,
      );
  await sql`ALTER TABLE job_to_review ALTER COLUMN applicants DROP DEFAULT`.execute(
    db,
  );
  await sql`ALTER INDEX job_stage_counts_pkey RENAME TO job_to_review_pkey`.execute(
    db,
  );
  await sql`CREATE INDEX job_to_review_company_creator_idx
    ON job_to_review (company_id, created_by) INCLUDE (applicants)`.execute(db);
  await syncFunction(
    'job_to_review_sync',
    (rows) => sql.raw(PREVIOUS_SYNC(rows)),
    `SELECT job_id, applicants FROM new_rows WHERE ${TO_REVIEW}`,
    `SELECT job_id, -applicants FROM old_rows WHERE ${TO_REVIEW}`,
  ).execute(db);
  await createTriggers(
    db,
    'application_counts',
    'job_to_review',
    'job_to_review_sync',
  );
  await followCreator(db, 'job_to_review', 'jobs_to_review_creator');
}
