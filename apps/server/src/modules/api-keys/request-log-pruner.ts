import { API_KEY_LOG_DAYS } from '@candor/domain';
import type { Poller } from '../../worker/pollers';
import { pruneKeyRequests } from './api-keys.repository';

const ROWS_PER_ROUND = 5_000;

/** Keeps the API key request log to its last 90 days, a short statement at a time. */
export function createKeyRequestLogPruner(): Poller {
  return {
    name: 'api-key-log-pruner',
    idleDelayMs: 60 * 60_000,
    runOnce: (ctx) =>
      pruneKeyRequests(ctx.db, {
        before: new Date(Date.now() - API_KEY_LOG_DAYS * 86_400_000),
        limit: ROWS_PER_ROUND,
      }),
  };
}
