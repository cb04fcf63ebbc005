import { sql, type Kysely } from 'kysely';

/**
 * Text messages (issue 43, decision 188): each company's SMS settings beside its existing
 * `sms_enabled`, the SMS outbox written in the transaction of the change that causes a text,
 * and the numbers that asked for no more texts from a company.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE company_sms_settings (
    company_id integer PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
    sender_name text NOT NULL DEFAULT '',
    default_country text NOT NULL DEFAULT 'GB',
    daily_cap integer NOT NULL DEFAULT 1000
  )`.execute(db);
  await sql`CREATE TABLE sms_outbox (
    id bigserial PRIMARY KEY,
    company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    job_id integer REFERENCES jobs (id) ON DELETE CASCADE,
    application_id integer REFERENCES applications (id) ON DELETE CASCADE,
    kind text NOT NULL,
    to_phone text NOT NULL,
    sender text NOT NULL DEFAULT '',
    body text NOT NULL,
    status text NOT NULL DEFAULT 'queued',
    reason text NOT NULL DEFAULT '',
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    locked_until timestamptz,
    claim_token text,
    gateway_ids text[] NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz,
    delivered_at timestamptz
  )`.execute(db);
  await sql`CREATE INDEX sms_outbox_due ON sms_outbox (next_attempt_at, id)
    WHERE status = 'queued'`.execute(db);
  await sql`CREATE INDEX sms_outbox_application ON sms_outbox (application_id, id)`.execute(
    db,
  );
  await sql`CREATE INDEX sms_outbox_company_day ON sms_outbox (company_id, created_at)`.execute(
    db,
  );
  await sql`CREATE INDEX sms_outbox_gateway_ids ON sms_outbox USING gin (gateway_ids)`.execute(
    db,
  );
  await sql`CREATE TABLE sms_opt_outs (
    company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    phone text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, phone)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sms_opt_outs`.execute(db);
  await sql`DROP TABLE sms_outbox`.execute(db);
  await sql`DROP TABLE company_sms_settings`.execute(db);
}
