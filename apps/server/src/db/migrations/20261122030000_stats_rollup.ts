import { sql, type Kysely } from 'kysely';

/**
 * The company statistics from counters instead of every applicant of the company
 * (docs/decisions/083-stats-rollup.md).
 *
 * - `stats_applications`: what each applicant counts in the figures, as counted: the UTC day
 *   of each event and the hours to respond. Triggers on applications and reviews keep it equal
 *   to the live rows; because it holds what was counted, a change or a delete takes away
 *   exactly what was added, whatever order cascades run in.
 * - `stats_job_days` and `stats_job_months`: per interview and UTC day (and month), how many
 *   of each event. A statement-level trigger on stats_applications adds the difference between
 *   its old and new rows, so a bulk statement updates each counter once.
 *
 * Every trigger is ENABLE ALWAYS: bulk loads that set session_replication_role = replica to
 * skip foreign-key checks (seed:large) still count what they write.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`CREATE TABLE stats_applications (
      application_id integer PRIMARY KEY,
      job_id integer NOT NULL,
      invited_on date,
      responded_on date,
      response_hours double precision,
      reviewed_flag_on date,
      first_review_on date,
      shortlisted_on date,
      rejected_on date
    )`,
    // The median reads every response of the period: an index-only scan per interview.
    sql`CREATE INDEX stats_applications_responses_idx
      ON stats_applications (job_id, responded_on) INCLUDE (response_hours)
      WHERE response_hours IS NOT NULL`,
    sql`CREATE TABLE stats_job_days (
      job_id integer NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
      day date NOT NULL,
      ${counterColumns()},
      PRIMARY KEY (job_id, day)
    )`,
    sql`CREATE TABLE stats_job_months (
      job_id integer NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
      month date NOT NULL,
      ${counterColumns()},
      PRIMARY KEY (job_id, month)
    )`,

    sql`CREATE FUNCTION stats_day(at timestamptz) RETURNS date
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN (at AT TIME ZONE 'UTC')::date`,
    // The live figure's expression, as the float8 percentile_cont turns it into.
    sql`CREATE FUNCTION stats_response_hours(invited_at timestamptz, responded_at timestamptz)
      RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN (extract(epoch FROM responded_at - invited_at) / 3600)::double precision`,

    // Counters follow every statement on stats_applications (countingFunction below).
    ...COUNTING.flatMap((kind) => [
      countingFunction(kind),
      sql`CREATE TRIGGER ${sql.id(`stats_counters_${kind.event}`)}
        AFTER ${sql.raw(kind.statement)} ON stats_applications
        REFERENCING ${sql.raw(kind.transitions)}
        FOR EACH STATEMENT EXECUTE FUNCTION ${sql.id(`stats_count_${kind.event}`)}()`,
    ]),

    // Inserted or updated applicants: their row of stats_applications, written only when
    // something counted changed (most updates change nothing the figures read).
    sql`CREATE FUNCTION stats_applications_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO stats_applications AS s (application_id, job_id, invited_on, responded_on,
        response_hours, reviewed_flag_on, shortlisted_on, rejected_on)
      SELECT n.id, n.job_id, stats_day(n.invited_at), stats_day(n.responded_at),
        stats_response_hours(n.invited_at, n.responded_at), stats_day(n.reviewed_at),
        CASE WHEN n.shortlisted THEN stats_day(n.shortlisted_at) END,
        CASE WHEN n.rejected THEN stats_day(n.rejected_at) END
      FROM new_rows n ORDER BY n.id
      ON CONFLICT (application_id) DO UPDATE SET job_id = excluded.job_id,
        invited_on = excluded.invited_on, responded_on = excluded.responded_on,
        response_hours = excluded.response_hours, reviewed_flag_on = excluded.reviewed_flag_on,
        shortlisted_on = excluded.shortlisted_on, rejected_on = excluded.rejected_on
      WHERE (s.job_id, s.invited_on, s.responded_on, s.response_hours, s.reviewed_flag_on,
          s.shortlisted_on, s.rejected_on)
        IS DISTINCT FROM (excluded.job_id, excluded.invited_on, excluded.responded_on,
          excluded.response_hours, excluded.reviewed_flag_on, excluded.shortlisted_on,
          excluded.rejected_on);
      RETURN NULL;
    END $$`,
    sql`CREATE FUNCTION stats_applications_forget() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM stats_applications s USING old_rows o WHERE s.application_id = o.id;
      RETURN NULL;
    END $$`,
    // Reviews decide "reviewed" for applicants without reviewed_at: the first review's day.
    sql`CREATE FUNCTION stats_reviews_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ids integer[];
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ids := ARRAY(SELECT DISTINCT application_id FROM new_rows);
      ELSIF TG_OP = 'UPDATE' THEN
        ids := ARRAY(SELECT application_id FROM old_rows UNION SELECT application_id FROM new_rows);
      ELSE
        ids := ARRAY(SELECT DISTINCT application_id FROM old_rows);
      END IF;
      UPDATE stats_applications s SET first_review_on = f.first_review_on
      FROM (
        SELECT i.id, stats_day(min(r.created_at)) AS first_review_on
        FROM unnest(ids) i(id) LEFT JOIN reviews r ON r.application_id = i.id
        GROUP BY i.id
      ) f
      WHERE s.application_id = f.id AND s.first_review_on IS DISTINCT FROM f.first_review_on;
      RETURN NULL;
    END $$`,
    // TRUNCATE fires no row changes: an emptied applications table empties the figures, and
    // emptied reviews leave only reviewed_at.
    sql`CREATE FUNCTION stats_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'applications' THEN
        TRUNCATE stats_applications;
        DELETE FROM stats_job_days;
        DELETE FROM stats_job_months;
      ELSE
        UPDATE stats_applications SET first_review_on = NULL WHERE first_review_on IS NOT NULL;
      END IF;
      RETURN NULL;
    END $$`,
    sql`CREATE TRIGGER stats_applications_inserted AFTER INSERT ON applications
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_applications_sync()`,
    sql`CREATE TRIGGER stats_applications_updated AFTER UPDATE ON applications
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_applications_sync()`,
    sql`CREATE TRIGGER stats_applications_deleted AFTER DELETE ON applications
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_applications_forget()`,
    sql`CREATE TRIGGER stats_applications_truncated AFTER TRUNCATE ON applications
      FOR EACH STATEMENT EXECUTE FUNCTION stats_truncated()`,
    sql`CREATE TRIGGER stats_reviews_inserted AFTER INSERT ON reviews
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_reviews_sync()`,
    sql`CREATE TRIGGER stats_reviews_updated AFTER UPDATE ON reviews
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION stats_reviews_sync()`,
    sql`CREATE TRIGGER stats_reviews_deleted AFTER DELETE ON reviews
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_reviews_sync()`,
    sql`CREATE TRIGGER stats_reviews_truncated AFTER TRUNCATE ON reviews
      FOR EACH STATEMENT EXECUTE FUNCTION stats_truncated()`,
    ...TRIGGERS.map(
      ([table, trigger]) =>
        sql`ALTER TABLE ${sql.table(table)} ENABLE ALWAYS TRIGGER ${sql.id(trigger)}`,
    ),

    // The applicants already there; the insert trigger fills the counters from these rows.
    sql`INSERT INTO stats_applications
      SELECT a.id, a.job_id, stats_day(a.invited_at), stats_day(a.responded_at),
        stats_response_hours(a.invited_at, a.responded_at), stats_day(a.reviewed_at),
        f.first_review_on,
        CASE WHEN a.shortlisted THEN stats_day(a.shortlisted_at) END,
        CASE WHEN a.rejected THEN stats_day(a.rejected_at) END
      FROM applications a
      LEFT JOIN (
        SELECT application_id, stats_day(min(created_at)) AS first_review_on
        FROM reviews GROUP BY application_id
      ) f ON f.application_id = a.id`,
    sql`ANALYZE stats_applications`,
    sql`ANALYZE stats_job_days`,
    sql`ANALYZE stats_job_months`,
  ]) {
    await statement.execute(db);
  }
}

/** The rows of stats_applications a statement added (sign 1) and took away (sign -1). */
const COUNTING = [
  {
    event: 'inserted',
    statement: 'INSERT',
    transitions: 'NEW TABLE AS new_rows',
    counted: 'SELECT 1 AS sign, n.* FROM new_rows n',
  },
  {
    event: 'updated',
    statement: 'UPDATE',
    transitions: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
    counted:
      'SELECT -1 AS sign, o.* FROM old_rows o UNION ALL SELECT 1, n.* FROM new_rows n',
  },
  {
    event: 'deleted',
    statement: 'DELETE',
    transitions: 'OLD TABLE AS old_rows',
    counted: 'SELECT -1 AS sign, o.* FROM old_rows o',
  },
] as const;

const TRIGGERS = [
  ...COUNTING.map(
    ({ event }) => ['stats_applications', `stats_counters_${event}`] as const,
  ),
  ['applications', 'stats_applications_inserted'],
  ['applications', 'stats_applications_updated'],
  ['applications', 'stats_applications_deleted'],
  ['applications', 'stats_applications_truncated'],
  ['reviews', 'stats_reviews_inserted'],
  ['reviews', 'stats_reviews_updated'],
  ['reviews', 'stats_reviews_deleted'],
  ['reviews', 'stats_reviews_truncated'],
] as const;

const COUNTERS = [
  'invited',
  'responded',
  'invited_and_responded',
  'reviewed',
  'shortlisted',
  'rejected',
] as const;

/**
 * The trigger function of one kind of statement on stats_applications: the events of the rows
 * it added are counted, those of the rows it replaced or deleted taken away, per interview and
 * day, then per month. The three functions share this text but not a plan: a transition table
 * cannot be passed to a function, and a static query keeps its cached plan (EXECUTE of one
 * shared text measured three times slower per single-row write). Counters are written in key
 * order, so concurrent statements lock them in the same order and cannot deadlock on them.
 */
function countingFunction({ event, counted }: (typeof COUNTING)[number]) {
  const changedRows = event === 'deleted' ? 'old_rows' : 'new_rows';
  return sql`CREATE FUNCTION ${sql.id(`stats_count_${event}`)}() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (SELECT FROM ${sql.raw(changedRows)}) THEN RETURN NULL; END IF;
      WITH counted AS (${sql.raw(counted)}),
      events AS (
        SELECT job_id, invited_on AS day, sign AS invited, 0 AS responded,
          0 AS invited_and_responded, 0 AS reviewed, 0 AS shortlisted, 0 AS rejected
        FROM counted WHERE invited_on IS NOT NULL
        UNION ALL
        SELECT job_id, responded_on, 0, sign, 0, 0, 0, 0 FROM counted
        WHERE responded_on IS NOT NULL
        UNION ALL
        -- completion is a cohort figure: counted on the day of the invitation
        SELECT job_id, invited_on, 0, 0, sign, 0, 0, 0 FROM counted
        WHERE invited_on IS NOT NULL AND responded_on IS NOT NULL
        UNION ALL
        SELECT job_id, coalesce(reviewed_flag_on, first_review_on), 0, 0, 0, sign, 0, 0
        FROM counted WHERE coalesce(reviewed_flag_on, first_review_on) IS NOT NULL
        UNION ALL
        SELECT job_id, shortlisted_on, 0, 0, 0, 0, sign, 0 FROM counted
        WHERE shortlisted_on IS NOT NULL
        UNION ALL
        SELECT job_id, rejected_on, 0, 0, 0, 0, 0, sign FROM counted
        WHERE rejected_on IS NOT NULL
      ),
      changed AS (
        SELECT job_id, day, ${sumCounters({ named: true })} FROM events e
        -- An interview being deleted takes its counters with it (ON DELETE CASCADE).
        WHERE EXISTS (SELECT FROM jobs j WHERE j.id = e.job_id)
        GROUP BY job_id, day
        HAVING (${sumCounters()}) <> (0, 0, 0, 0, 0, 0)
      ),
      days AS (
        INSERT INTO stats_job_days AS s
        SELECT * FROM changed ORDER BY job_id, day
        ON CONFLICT (job_id, day) DO UPDATE SET ${addCounters()}
      )
      INSERT INTO stats_job_months AS s
      SELECT job_id, date_trunc('month', day::timestamp)::date, ${sumCounters()}
      FROM changed GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (job_id, month) DO UPDATE SET ${addCounters()};
      RETURN NULL;
    END $$`;
}

function counterColumns() {
  return sql.raw(
    COUNTERS.map((name) => `${name} integer NOT NULL DEFAULT 0`).join(', '),
  );
}

function sumCounters(options: { named: boolean } = { named: false }) {
  return sql.raw(
    COUNTERS.map(
      (name) => `sum(${name})::int${options.named ? ` AS ${name}` : ''}`,
    ).join(', '),
  );
}

function addCounters() {
  return sql.raw(
    COUNTERS.map((name) => `${name} = s.${name} + excluded.${name}`).join(', '),
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    ...TRIGGERS.filter(([table]) => table !== 'stats_applications').map(
      ([table, trigger]) =>
        sql`DROP TRIGGER ${sql.id(trigger)} ON ${sql.table(table)}`,
    ),
    sql`DROP TABLE stats_job_months, stats_job_days, stats_applications`,
    sql`DROP FUNCTION stats_truncated(), stats_reviews_sync(), stats_applications_forget(),
      stats_applications_sync(), stats_count_inserted(), stats_count_updated(),
      stats_count_deleted(), stats_response_hours(timestamptz, timestamptz),
      stats_day(timestamptz)`,
  ]) {
    await statement.execute(db);
  }
}
