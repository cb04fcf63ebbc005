import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { hasFailedForADay, webhookRetryDelaySeconds } from '@candor/domain';
import { Webhook } from 'standardwebhooks';
import type { AppContext } from '../../app-context';
import { enqueueEmails } from '../../platform/mail/outbox.repository';
import type { Poller } from '../../worker/pollers';
import { endpointDisabledEmail } from './endpoint-disabled-email';
import { postWebhook, WEBHOOK_TIMEOUT_MS } from './webhook-request';
import {
  claimDueDeliveries,
  clearEndpointFailures,
  confirmDeliveryClaim,
  disableFailingEndpoint,
  findCompanyAdmins,
  noteEndpointFailure,
  recordAttempt,
  type ClaimedDelivery,
} from './webhooks.repository';

export const WEBHOOK_BATCH = 100;
/** Requests in flight at once per worker. */
export const WEBHOOK_CONCURRENCY = 16;
/** Longer than one request may take, so a live worker's claim never runs out under it. */
export const WEBHOOK_LEASE_SECONDS = 15;

export const DISABLED_AFTER_A_DAY =
  'Every delivery failed for a day, so the endpoint was switched off.';

export type WebhookPollerOptions = {
  batch?: number;
  concurrency?: number;
  leaseSeconds?: number;
  timeoutMs?: number;
  /** The waits before each retry (tests shorten them). */
  retryDelaysSeconds?: readonly number[];
};

/**
 * Delivers queued webhooks (docs/decisions/151-webhook-deliveries.md): claims the first pending
 * delivery of each resource per endpoint, signs and POSTs it, and records the attempt; a
 * failure is retried with growing waits, and an endpoint failing for a day is switched off
 * and its company's admins e-mailed, in the same transaction.
 */
export function createWebhookPoller(
  options: WebhookPollerOptions = {},
): Poller & { close(): void } {
  const batch = options.batch ?? WEBHOOK_BATCH;
  const concurrency = options.concurrency ?? WEBHOOK_CONCURRENCY;
  const leaseSeconds = options.leaseSeconds ?? WEBHOOK_LEASE_SECONDS;
  const agentOptions = { keepAlive: true, maxSockets: concurrency };
  const agents = {
    http: new http.Agent(agentOptions),
    https: new https.Agent(agentOptions),
  };

  async function deliver(
    ctx: AppContext,
    delivery: ClaimedDelivery,
    token: string,
  ): Promise<void> {
    if (
      !(await confirmDeliveryClaim(ctx.db, {
        id: delivery.id,
        token,
        leaseSeconds,
      }))
    )
      return;
    const sentAt = new Date();
    const signature = new Webhook(delivery.secret).sign(
      delivery.message_id,
      sentAt,
      delivery.payload,
    );
    const result = await postWebhook({
      url: delivery.url,
      body: delivery.payload,
      headers: {
        'webhook-id': delivery.message_id,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature,
      },
      allowPrivate: ctx.config.webhookAllowPrivate,
      timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      agents,
    });
    const delay =
      result.error === null
        ? null
        : webhookRetryDelaySeconds(
            delivery.attempts,
            options.retryDelaysSeconds,
          );
    await ctx.db.transaction().execute(async (trx) => {
      const recorded = await recordAttempt(trx, {
        id: delivery.id,
        token,
        result,
        retryAt: delay === null ? null : new Date(Date.now() + delay * 1000),
      });
      if (!recorded) return;
      if (result.error === null) {
        await clearEndpointFailures(trx, delivery.endpoint_id);
        return;
      }
      const failingSince = await noteEndpointFailure(trx, delivery.endpoint_id);
      if (!failingSince || !hasFailedForADay(failingSince, new Date())) return;
      const disabled = await disableFailingEndpoint(
        trx,
        delivery.endpoint_id,
        DISABLED_AFTER_A_DAY,
      );
      if (!disabled) return;
      const admins = await findCompanyAdmins(trx, disabled.company_id);
      await enqueueEmails(
        trx,
        admins.map((admin) =>
          endpointDisabledEmail({
            publicUrl: ctx.config.publicUrl,
            companyId: disabled.company_id,
            companyName: admin.company_name,
            admin,
            endpointUrl: disabled.url,
          }),
        ),
      );
    });
  }

  return {
    name: 'webhooks',
    idleDelayMs: 500,
    async runOnce(ctx) {
      const token = randomUUID();
      const deliveries = await claimDueDeliveries(ctx.db, {
        limit: batch,
        leaseSeconds,
        token,
      });
      let next = 0;
      const lanes = Array.from(
        { length: Math.min(concurrency, deliveries.length) },
        async () => {
          while (next < deliveries.length) {
            const delivery = deliveries[next++];
            if (delivery) await deliver(ctx, delivery, token);
          }
        },
      );
      await Promise.all(lanes);
      return deliveries.length;
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
