import { sql, type Kysely } from 'kysely';

// The outbox poller stamps each claim with a token, so only the worker holding the current
// claim can mark a row sent or renew it (docs/decisions/035-outbox-delivery.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE outbox ADD COLUMN claim_token text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE outbox DROP COLUMN claim_token`.execute(db);
}
