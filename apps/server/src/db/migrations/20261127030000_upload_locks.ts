import { sql, type Kysely } from 'kysely';

/**
 * Locks on the takes' uploads shared by every API server (docs/decisions/159-upload-locks-
 * across-servers.md): one row per upload being written, with its holder (a process's request)
 * and a lease the holder extends while it writes, so a crashed server's lock lapses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE upload_locks (
    upload_id text PRIMARY KEY,
    holder text NOT NULL,
    expires_at timestamptz NOT NULL
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE upload_locks`.execute(db);
}
