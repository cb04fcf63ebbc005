import type { Poller } from '../../worker/pollers';
import { removeStaleTakes } from './answer-takes.repository';
import { TAKE_LIFETIME_MS, removeTakeBytes } from './answer-takes.service';
import { deleteLapsedUploadLocks } from './upload-locks.repository';

const TAKES_PER_ROUND = 200;

/**
 * Removes takes not finished within a day (decision 135), and complete takes whose answer was
 * not submitted within a day of the take's start (decision 164): each stops working and its
 * bytes are deleted by the erasure tasks, queued in the transaction that ends it. The browser
 * that still holds such a recording is refused with take_expired, starts a new take and sends
 * it again from the device. Upload locks whose server died
 * (decision 159) go with them.
 */
export function createStaleTakesPoller(): Poller {
  return {
    name: 'stale-takes',
    idleDelayMs: 10 * 60_000,
    runOnce: (ctx) =>
      ctx.db.transaction().execute(async (trx) => {
        const keys = await removeStaleTakes(trx, {
          createdBefore: new Date(Date.now() - TAKE_LIFETIME_MS),
          limit: TAKES_PER_ROUND,
        });
        await removeTakeBytes(trx, keys);
        const locks = await deleteLapsedUploadLocks(trx);
        return keys.length + locks;
      }),
  };
}
