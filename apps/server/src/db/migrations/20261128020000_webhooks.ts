import { sql, type Kysely } from 'kysely';

/**
 * Webhooks (docs/decisions/151-webhook-deliveries.md): a company's endpoints, and one delivery
 * row per (event, endpoint), written in the transaction of the change. `payload` is the exact
 * text that is signed and sent; `order_key` names the resource whose deliveries to one endpoint
 * go one after another (an application, or a job).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // When the interviewee began recording: set once, so application.started is sent once.
  await sql`ALTER TABLE applications ADD COLUMN started_at timestamptz`.execute(
    db,
  );
  await sql`CREATE TABLE webhook_endpoints (
    id serial PRIMARY KEY,
    company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    url text NOT NULL,
    description text NOT NULL DEFAULT '',
    events jsonb NOT NULL,
    secret text NOT NULL,
    enabled boolean NOT NULL DEFAULT true,
    disabled_reason text,
    failing_since timestamptz,
    via_api boolean NOT NULL DEFAULT false,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX webhook_endpoints_company_idx
    ON webhook_endpoints (company_id)`.execute(db);
  await sql`CREATE TABLE webhook_deliveries (
    id bigserial PRIMARY KEY,
    endpoint_id integer NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
    company_id integer NOT NULL,
    event text NOT NULL,
    order_key text NOT NULL,
    application_id integer,
    message_id text NOT NULL,
    payload text NOT NULL,
    status text NOT NULL DEFAULT 'pending',
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    locked_until timestamptz,
    claim_token text,
    last_attempt_at timestamptz,
    response_status integer,
    response_ms integer,
    response_excerpt text,
    last_error text,
    delivered_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  // The log, newest first, per endpoint.
  await sql`CREATE INDEX webhook_deliveries_endpoint_idx
    ON webhook_deliveries (endpoint_id, id DESC)`.execute(db);
  // The claim reads only what is still to send: what is due, and what comes first per resource.
  await sql`CREATE INDEX webhook_deliveries_due_idx
    ON webhook_deliveries (next_attempt_at, id) WHERE status = 'pending'`.execute(
    db,
  );
  // Erasing an interviewee deletes their payloads too (decision 072).
  await sql`CREATE INDEX webhook_deliveries_application_idx
    ON webhook_deliveries (application_id) WHERE application_id IS NOT NULL`.execute(
    db,
  );
  // The log's pruning reads what is finished, oldest first.
  await sql`CREATE INDEX webhook_deliveries_finished_idx
    ON webhook_deliveries (created_at) WHERE status <> 'pending'`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_queue_idx
    ON webhook_deliveries (endpoint_id, order_key, id) WHERE status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE webhook_deliveries`.execute(db);
  await sql`DROP TABLE webhook_endpoints`.execute(db);
  await sql`ALTER TABLE applications DROP COLUMN started_at`.execute(db);
}
