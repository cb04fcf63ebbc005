import type { AppContext } from '../../app-context';
import type { Poller } from '../../worker/pollers';
import { PermanentTaskError, type TaskHandler } from './task-handler';
import {
  claimDueTasks,
  completeTask,
  failTask,
  retryTaskLater,
  type ClaimedTask,
} from './tasks.repository';

/** Longer than the slowest task (a long video's transcode), so a live worker keeps its claim. */
export const TASK_LEASE_SECONDS = 40 * 60;
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
 * is heavy; more workers scale it out) and dispatches it to its handler.
 */
export function createTaskPoller(
  handlers: TaskHandler[],
  options: { idleDelayMs?: number } = {},
): Poller {
  const byKind = new Map(handlers.map((handler) => [handler.kind, handler]));
  return {
    name: 'tasks',
    idleDelayMs: options.idleDelayMs ?? 1000,
    async runOnce(ctx) {
      const [task] = await claimDueTasks(ctx.db, {
        kinds: [...byKind.keys()],
        limit: 1,
        leaseSeconds: TASK_LEASE_SECONDS,
      });
      if (!task) return 0;
      const handler = byKind.get(task.kind);
      if (handler) await runTask(ctx, handler, task);
      return 1;
    },
  };
}

async function runTask(
  ctx: AppContext,
  handler: TaskHandler,
  task: ClaimedTask,
): Promise<void> {
  try {
    await handler.run(ctx, task.payload, task);
    await completeTask(ctx.db, task.id);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const givingUp =
      error instanceof PermanentTaskError ||
      task.attempts >= handler.maxAttempts;
    if (!givingUp) {
      const runAt = new Date(
        Date.now() + retryDelaySeconds(task.attempts) * 1000,
      );
      await retryTaskLater(ctx.db, task.id, { error: reason, runAt });
      return;
    }
    await failTask(ctx.db, task.id, reason);
    await handler.onGiveUp(ctx, task.payload, reason);
  }
}
