import { sql, type Kysely } from 'kysely';

/**
 * Candor as a Greenhouse assessment partner (docs/decisions/190-ats-connectors.md):
 *
 * - integration_keys: the key a company hands to its ATS, one live key per company and ATS
 *   (a partial unique index), stored as its sha256; `salt` lets the server derive the same
 *   key again from its signing secret to authenticate the callbacks it sends.
 * - integration_calls: each call the ATS made with a key, for the company's admins.
 * - integration_callbacks: the outbox of calls Candor makes to the ATS (Greenhouse's PATCH),
 *   retried with back-off; deleted with the interviewee they are about.
 * - greenhouse_tests: one row per Greenhouse application and interview, whose unique index
 *   makes a repeated send_test find the first one instead of inviting again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE integration_keys (
    id serial PRIMARY KEY,
    company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    provider text NOT NULL CHECK (provider IN ('greenhouse')),
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    prefix text NOT NULL,
    secret_hash text NOT NULL UNIQUE,
    salt text NOT NULL,
    send_ratings boolean NOT NULL DEFAULT false,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    revoked_at timestamptz
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX integration_keys_live_idx
    ON integration_keys (company_id, provider) WHERE revoked_at IS NULL`.execute(
    db,
  );
  await sql`CREATE TABLE integration_calls (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    key_id integer NOT NULL REFERENCES integration_keys(id) ON DELETE CASCADE,
    company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    provider text NOT NULL,
    at timestamptz NOT NULL DEFAULT now(),
    endpoint text NOT NULL,
    status smallint NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX integration_calls_company_idx
    ON integration_calls (company_id, provider, id DESC)`.execute(db);
  await sql`CREATE INDEX integration_calls_key_idx ON integration_calls (key_id)`.execute(
    db,
  );
  await sql`CREATE TABLE integration_callbacks (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    key_id integer NOT NULL REFERENCES integration_keys(id) ON DELETE CASCADE,
    company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    application_id integer REFERENCES applications(id) ON DELETE CASCADE,
    method text NOT NULL,
    url text NOT NULL,
    payload text NOT NULL,
    status text NOT NULL DEFAULT 'pending'
      CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    locked_until timestamptz,
    claim_token text,
    last_attempt_at timestamptz,
    response_status smallint,
    last_error text,
    delivered_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX integration_callbacks_due_idx
    ON integration_callbacks (next_attempt_at) WHERE status = 'pending'`.execute(
    db,
  );
  await sql`CREATE INDEX integration_callbacks_application_idx
    ON integration_callbacks (application_id)`.execute(db);
  await sql`CREATE INDEX integration_callbacks_key_idx
    ON integration_callbacks (key_id)`.execute(db);
  await sql`CREATE TABLE greenhouse_tests (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    partner_interview_id text NOT NULL UNIQUE,
    company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    job_id integer NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
    application_id integer REFERENCES applications(id) ON DELETE SET NULL,
    greenhouse_application text NOT NULL,
    callback_url text,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (company_id, greenhouse_application, job_id)
  )`.execute(db);
  await sql`CREATE INDEX greenhouse_tests_application_idx
    ON greenhouse_tests (application_id)`.execute(db);
  await sql`CREATE INDEX greenhouse_tests_job_idx ON greenhouse_tests (job_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE greenhouse_tests`.execute(db);
  await sql`DROP TABLE integration_callbacks`.execute(db);
  await sql`DROP TABLE integration_calls`.execute(db);
  await sql`DROP TABLE integration_keys`.execute(db);
}
