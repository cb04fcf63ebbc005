import { sql, type Kysely } from 'kysely';

/**
 * A spoken question's audio is rendered ahead by the worker (decision 175). When a render
 * fails, its reason stays on the question until a render succeeds, so the author sees a
 * warning while the worker tries again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE questions ADD COLUMN tts_error text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE questions DROP COLUMN tts_error`.execute(db);
}
