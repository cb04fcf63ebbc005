import { sql, type Kysely } from 'kysely';

/**
 * API keys of a company (docs/decisions/149-api-keys.md):
 *
 * - api_keys: the sha256 of each key's secret (never the secret), its visible prefix, its scope,
 *   and the system user the key acts as, made with it, so what the key does is attributed to
 *   the key and outlives the admin who created it.
 * - api_key_requests: one row per request made with a key, for the company's admins; rows older
 *   than 90 days are pruned by the worker (apps/server/src/modules/api-keys/request-log-pruner.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE api_keys (
    id serial PRIMARY KEY,
    company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name text NOT NULL,
    scope text NOT NULL CHECK (scope IN ('read', 'write')),
    prefix text NOT NULL,
    secret_hash text NOT NULL UNIQUE,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    revoked_at timestamptz
  )`.execute(db);
  await sql`CREATE INDEX api_keys_company_idx ON api_keys (company_id, id)`.execute(
    db,
  );
  await sql`CREATE TABLE api_key_requests (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    api_key_id integer NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
    company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    at timestamptz NOT NULL DEFAULT now(),
    method text NOT NULL,
    route text NOT NULL,
    status smallint NOT NULL,
    duration_ms integer NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX api_key_requests_company_idx ON api_key_requests (company_id, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX api_key_requests_key_idx ON api_key_requests (api_key_id)`.execute(
    db,
  );
  await sql`CREATE INDEX api_key_requests_at_idx ON api_key_requests (at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE api_key_requests`.execute(db);
  await sql`DROP TABLE api_keys`.execute(db);
}
