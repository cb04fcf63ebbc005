import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/**
 * Says this process is alive and, in the same statement, sends `payload` on `channel`: the
 * notice is heard back only if the row was written, so hearing it proves both.
 */
export async function beatAndNotify(
  db: Db,
  options: { id: string; channel: string; payload: string },
): Promise<void> {
  await sql`WITH beat AS (
      INSERT INTO session_listeners (id, heartbeat_at) VALUES (${options.id}, now())
      ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()
      RETURNING id)
    SELECT pg_notify(${options.channel}, ${options.payload}) FROM beat`.execute(
    db,
  );
}

export async function notify(
  db: Db,
  options: { channel: string; payload: string },
): Promise<void> {
  await sql`SELECT pg_notify(${options.channel}, ${options.payload})`.execute(
    db,
  );
}

/** The processes that said they were alive within `withinMs`. */
export async function listLiveListeners(
  db: Db,
  withinMs: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('session_listeners')
    .select('id')
    .where(
      'heartbeat_at',
      '>',
      sql<Date>`now() - make_interval(secs => ${withinMs / 1000})`,
    )
    .execute();
  return rows.map((row) => row.id);
}

/** This process's row as it stops, and rows of processes gone for an hour (a crash). */
export async function removeListener(db: Db, id: string): Promise<void> {
  await db
    .deleteFrom('session_listeners')
    .where((eb) =>
      eb.or([
        eb('id', '=', id),
        eb('heartbeat_at', '<', sql<Date>`now() - interval '1 hour'`),
      ]),
    )
    .execute();
}
