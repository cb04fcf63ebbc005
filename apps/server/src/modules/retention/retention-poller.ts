import type { Poller } from '../../worker/pollers';
import { eraseApplications } from './erase-applications';
import {
  lockExpiredApplicants,
  recordErasedCount,
} from './retention.repository';

/**
 * A batch is one short transaction: a million expired applicants are erased 500 at a time,
 * each batch locking only its own rows and holding only their ids in memory.
 */
export const RETENTION_BATCH = 500;

/**
 * The retention sweep (decision 072): erases applicants whose last activity is older than
 * their company's period. It runs hourly, and straight again while it finds work.
 */
export function createRetentionPoller(
  options: { batch?: number } = {},
): Poller {
  const batch = options.batch ?? RETENTION_BATCH;
  return {
    name: 'retention',
    idleDelayMs: 60 * 60_000,
    async runOnce(ctx) {
      return ctx.db.transaction().execute(async (trx) => {
        const expired = await lockExpiredApplicants(trx, batch);
        if (expired.length === 0) return 0;
        const erased = await eraseApplications(
          trx,
          { applicationIds: expired.map((row) => row.id) },
          ctx.config,
        );
        const perJob = new Map<number, number>();
        for (const row of expired)
          perJob.set(row.job_id, (perJob.get(row.job_id) ?? 0) + 1);
        // In job order, so two sweepers updating the same entries never wait on each other
        // in a cycle.
        for (const [jobId, count] of [...perJob].sort(([a], [b]) => a - b))
          await recordErasedCount(trx, { jobId, count });
        return erased;
      });
    },
  };
}
