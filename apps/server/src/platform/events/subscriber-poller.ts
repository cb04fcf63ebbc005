import type { Db } from '../../db/connection';
import type { Poller } from '../../worker/pollers';
import { retryDelaySeconds } from '../tasks/task-poller';
import {
  advanceSubscription,
  claimSubscription,
  ensureSubscription,
  readEventsAfter,
  recordSubscriberFailure,
} from './events.repository';
import type { AfterCommitSubscriber } from './subscribers';

const BATCH = 100;

/**
 * Runs the after-commit subscribers (decision 176), each from its own position in the stream:
 * a batch of its events and its new position commit together, so a crash repeats a batch
 * (at least once) and never skips one. A subscriber that throws keeps its position and waits
 * (30 s, 1 min, 2 min … an hour) while the others go on; its next success catches up in order.
 * The position row is claimed with SKIP LOCKED, so several workers share the subscribers.
 */
export function createSubscriberPoller(
  subscribers: readonly AfterCommitSubscriber[],
  options: { idleDelayMs?: number; now?: () => Date } = {},
): Poller {
  const now = options.now ?? (() => new Date());
  const known = new Set<string>();
  return {
    name: 'event-subscribers',
    idleDelayMs: options.idleDelayMs ?? 1000,
    async runOnce(ctx) {
      let handled = 0;
      for (const subscriber of subscribers) {
        if (!known.has(subscriber.name)) {
          await ensureSubscription(ctx.db, subscriber);
          known.add(subscriber.name);
        }
        handled += await runSubscriber(ctx.db, subscriber, now());
      }
      return handled;
    },
  };
}

async function runSubscriber(
  db: Db,
  subscriber: AfterCommitSubscriber,
  now: Date,
): Promise<number> {
  let attempts = 0;
  try {
    return await db.transaction().execute(async (trx) => {
      const position = await claimSubscription(trx, {
        name: subscriber.name,
        now,
      });
      if (!position) return 0;
      attempts = position.attempts;
      const events = await readEventsAfter(trx, {
        afterTxId: position.after_tx_id,
        afterEventId: position.after_event_id,
        types: subscriber.events,
        limit: BATCH,
      });
      for (const event of events) await subscriber.handle(trx, event);
      const last = events.at(-1);
      if (last)
        await advanceSubscription(trx, {
          name: subscriber.name,
          afterTxId: last.txId,
          afterEventId: last.id,
        });
      return events.length;
    });
  } catch (error) {
    await recordSubscriberFailure(db, {
      name: subscriber.name,
      now,
      retryAt: new Date(now.getTime() + retryDelaySeconds(attempts + 1) * 1000),
      error: error instanceof Error ? error.message : String(error),
    });
    return 0;
  }
}
