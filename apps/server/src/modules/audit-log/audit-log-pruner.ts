import type { Poller } from '../../worker/pollers';
import { pruneAuditLog } from './audit-log.repository';

const ROWS_PER_ROUND = 5_000;

/** Keeps each company's audit log to its retention setting (decision 195). */
export function createAuditLogPruner(): Poller {
  return {
    name: 'audit-log-pruner',
    idleDelayMs: 60 * 60_000,
    runOnce: (ctx) =>
      pruneAuditLog(ctx.db, { now: new Date(), limit: ROWS_PER_ROUND }),
  };
}
