import { sql, type Kysely } from 'kysely';

/**
 * Each server process that keeps sessions in memory, with when it last said it was alive
 * (decision 187): a change that takes access away waits until every one of them has heard it.
 * Not UNLOGGED, so a promoted replica knows them too; a row a process left behind (a crash)
 * ages out of the live ones and is removed by the next start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE session_listeners (
    id text PRIMARY KEY,
    heartbeat_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE session_listeners`.execute(db);
}
