import { sql, type Kysely } from 'kysely';

/**
 * The stream of domain events (docs/decisions/176-one-event-per-change.md): one row per change,
 * written in the change's transaction, and each after-commit subscriber's position in it.
 * `tx_id` is the writing transaction's id: a subscriber reads in (tx_id, id) order and only
 * rows of transactions older than every one still running, so an event committed late with a
 * lower id is never passed over. An erased interviewee's events go with them (decision 072).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `
    CREATE TABLE domain_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      type text NOT NULL,
      company_id integer NOT NULL,
      job_id integer,
      application_id integer,
      application_ids integer[],
      user_id integer,
      data jsonb NOT NULL,
      tx_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX domain_events_stream_idx ON domain_events (tx_id, id);
    CREATE INDEX domain_events_application_idx ON domain_events (application_id)
      WHERE application_id IS NOT NULL;
    CREATE INDEX domain_events_job_idx ON domain_events (job_id) WHERE job_id IS NOT NULL;
    CREATE TABLE event_subscriptions (
      name text PRIMARY KEY,
      after_tx_id xid8 NOT NULL,
      after_event_id bigint NOT NULL DEFAULT 0,
      attempts integer NOT NULL DEFAULT 0,
      retry_at timestamptz,
      failing_since timestamptz,
      last_error text,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, 'DROP TABLE event_subscriptions; DROP TABLE domain_events;');
}

// One statement at a time: PGlite's extended protocol takes a single statement per query.
async function run(db: Kysely<unknown>, statements: string): Promise<void> {
  for (const statement of statements.split(';').map((s) => s.trim()))
    if (statement) await sql.raw(statement).execute(db);
}
