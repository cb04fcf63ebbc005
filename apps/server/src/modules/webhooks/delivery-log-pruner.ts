import { WEBHOOK_LOG_DAYS } from '@candor/domain';
import type { Poller } from '../../worker/pollers';
import { pruneWebhookDeliveries } from './webhooks.repository';

const ROWS_PER_ROUND = 5_000;

/**
 * Keeps each endpoint's delivery log to its last 30 days, a short statement at a time; an
 * event still to be delivered stays whatever its age.
 */
export function createWebhookLogPruner(
  options: { now?: () => Date } = {},
): Poller {
  const now = options.now ?? (() => new Date());
  return {
    name: 'webhook-log-pruner',
    idleDelayMs: 60 * 60_000,
    runOnce: (ctx) =>
      pruneWebhookDeliveries(ctx.db, {
        before: new Date(now().getTime() - WEBHOOK_LOG_DAYS * 86_400_000),
        limit: ROWS_PER_ROUND,
      }),
  };
}
