import { sql, type Kysely } from 'kysely';

/**
 * A company's own text for each kind of text message (issue 43, decision 194); no row sends
 * the default, in each interview's language. The outbox by number: a "STOP" reply names only
 * the number, and stops every company that texted it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE sms_templates (
    company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    kind text NOT NULL,
    body_text text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, kind)
  )`.execute(db);
  await sql`CREATE INDEX sms_outbox_to_phone ON sms_outbox (to_phone)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX sms_outbox_to_phone`.execute(db);
  await sql`DROP TABLE sms_templates`.execute(db);
}
