import { sql, type Kysely } from 'kysely';

/**
 * A video question's captions as WebVTT (issue 47, decision 199); a spoken question's are made
 * from its text and speech when asked for, so they are never stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE questions ADD COLUMN captions_vtt text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE questions DROP COLUMN captions_vtt`.execute(db);
}
