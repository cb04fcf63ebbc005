import { sql } from 'kysely';
import type { Db } from '../../db/connection';

export type ClaimedTask = {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
};

/**
 * Adds a task. Call it with the transaction of the change that needs the work, so the task
 * exists exactly when the change is committed.
 */
export async function enqueueTask(
  db: Db,
  task: { kind: string; payload: Record<string, unknown>; runAt?: Date },
): Promise<number> {
  const row = await db
    .insertInto('tasks')
    .values({
      kind: task.kind,
      payload: JSON.stringify(task.payload),
      ...(task.runAt ? { run_at: task.runAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Claims due tasks of the given kinds with a lease, in one statement: SKIP LOCKED lets
 * several workers claim side by side, and a task whose worker died is claimed again once
 * its lease runs out. No transaction stays open while the work runs.
 */
export async function claimDueTasks(
  db: Db,
  options: { kinds: string[]; limit: number; leaseSeconds: number },
): Promise<ClaimedTask[]> {
  if (options.kinds.length === 0) return [];
  const result = await sql<ClaimedTask>`
    UPDATE tasks
    SET attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${options.leaseSeconds})
    WHERE id IN (
      SELECT id FROM tasks
      WHERE status = 'pending'
        AND run_at <= now()
        AND (locked_until IS NULL OR locked_until < now())
        AND kind IN (${sql.join(options.kinds)})
      ORDER BY run_at, id
      LIMIT ${options.limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, kind, payload, attempts`.execute(db);
  return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export function completeTask(db: Db, id: number) {
  return db
    .updateTable('tasks')
    .set({
      status: 'done',
      locked_until: null,
      finished_at: new Date(),
      last_error: null,
    })
    .where('id', '=', String(id))
    .execute();
}

export function retryTaskLater(
  db: Db,
  id: number,
  options: { error: string; runAt: Date },
) {
  return db
    .updateTable('tasks')
    .set({
      locked_until: null,
      last_error: options.error,
      run_at: options.runAt,
    })
    .where('id', '=', String(id))
    .execute();
}

export function failTask(db: Db, id: number, reason: string) {
  return db
    .updateTable('tasks')
    .set({
      status: 'failed',
      locked_until: null,
      last_error: reason,
      finished_at: new Date(),
    })
    .where('id', '=', String(id))
    .execute();
}
