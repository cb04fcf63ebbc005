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

/**
 * Which claim of a task a worker holds. Every claim adds one to `attempts`, so the pair names
 * one claim: once another worker has claimed the task again, the old pair matches nothing.
 */
export type TaskClaim = Pick<ClaimedTask, 'id' | 'attempts'>;

function updateClaimedTask(db: Db, claim: TaskClaim) {
  return db
    .updateTable('tasks')
    .where('id', '=', String(claim.id))
    .where('attempts', '=', claim.attempts)
    .where('status', '=', 'pending');
}

const updatedOne = (result: { numUpdatedRows: bigint }) =>
  Number(result.numUpdatedRows) === 1;

/** The heartbeat: stretches the lease of a claim still held. False means the claim is gone. */
export async function renewTaskLease(
  db: Db,
  claim: TaskClaim,
  leaseSeconds: number,
): Promise<boolean> {
  const result = await updateClaimedTask(db, claim)
    .set({
      locked_until: sql<Date>`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .executeTakeFirst();
  return updatedOne(result);
}

/** Each of these changes only the claim it is given: a worker that lost its claim changes nothing. */
export async function completeTask(db: Db, claim: TaskClaim): Promise<boolean> {
  const result = await updateClaimedTask(db, claim)
    .set({
      status: 'done',
      locked_until: null,
      finished_at: new Date(),
      last_error: null,
    })
    .executeTakeFirst();
  return updatedOne(result);
}

export async function retryTaskLater(
  db: Db,
  claim: TaskClaim,
  options: { error: string; runAt: Date },
): Promise<boolean> {
  const result = await updateClaimedTask(db, claim)
    .set({
      locked_until: null,
      last_error: options.error,
      run_at: options.runAt,
    })
    .executeTakeFirst();
  return updatedOne(result);
}

export async function failTask(
  db: Db,
  claim: TaskClaim,
  reason: string,
): Promise<boolean> {
  const result = await updateClaimedTask(db, claim)
    .set({
      status: 'failed',
      locked_until: null,
      last_error: reason,
      finished_at: new Date(),
    })
    .executeTakeFirst();
  return updatedOne(result);
}
