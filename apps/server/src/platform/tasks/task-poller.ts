import type { AppContext } from '../../app-context';
import type { Poller } from '../../worker/pollers';
import { startLeaseHeartbeat } from './lease-heartbeat';
import { PermanentTaskError, type TaskHandler } from './task-handler';
import {
  claimDueTasks,
  completeTask,
  failTask,
  retryTaskLater,
  type ClaimedTask,
} from './tasks.repository';

const BACKOFF_BASE_SECONDS = 30;
const BACKOFF_MAX_SECONDS = 60 * 60;

/** Seconds before attempt `attempts + 1`: 30 s, 1 min, 2 min, 4 min … at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(
    BACKOFF_BASE_SECONDS * 2 ** Math.max(0, attempts - 1),
    BACKOFF_MAX_SECONDS,
  );
}

/**
 * The poller of the tasks table: claims one due task of a known kind at a time (media work
 * is heavy; more workers scale it out) and dispatches it to its handler. The claim is leased
 * for `config.taskLeaseSeconds` and renewed while the handler runs.
 */
export function createTaskPoller(
  handlers: TaskHandler[],
  options: { name?: string; idleDelayMs?: number } = {},
): Poller {
  const byKind = new Map(handlers.map((handler) => [handler.kind, handler]));
  return {
    name: options.name ?? 'tasks',
    idleDelayMs: options.idleDelayMs ?? 1000,
    async runOnce(ctx) {
      const [task] = await claimDueTasks(ctx.db, {
        kinds: [...byKind.keys()],
        limit: 1,
        leaseSeconds: ctx.config.taskLeaseSeconds,
      });
      if (!task) return 0;
      const handler = byKind.get(task.kind);
      if (handler) await runTask(ctx, handler, task);
      return 1;
    },
  };
}

/**
 * Runs one claimed task and records the outcome on that claim only: if this worker was paused
 * past its lease and another worker claimed the task, the outcome is dropped and the other
 * worker's run decides (handlers are idempotent: outputs are keyed by their input).
 */
async function runTask(
  ctx: AppContext,
  handler: TaskHandler,
  task: ClaimedTask,
): Promise<void> {
  const heartbeat = startLeaseHeartbeat(
    ctx.db,
    task,
    ctx.config.taskLeaseSeconds,
  );
  let failure: { error: unknown } | null = null;
  try {
    await handler.run(ctx, task.payload, task);
  } catch (error) {
    failure = { error };
  } finally {
    await heartbeat.stop();
  }
  if (!failure) {
    await completeTask(ctx.db, task);
    return;
  }
  const { error } = failure;
  const reason = error instanceof Error ? error.message : String(error);
  const givingUp =
    error instanceof PermanentTaskError || task.attempts >= handler.maxAttempts;
  if (!givingUp) {
    const runAt = new Date(
      Date.now() + retryDelaySeconds(task.attempts) * 1000,
    );
    await retryTaskLater(ctx.db, task, { error: reason, runAt });
    return;
  }
  if (await failTask(ctx.db, task, reason))
    await handler.onGiveUp(ctx, task.payload, reason);
}
