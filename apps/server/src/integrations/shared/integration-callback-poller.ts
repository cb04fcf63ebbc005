import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { webhookRetryDelaySeconds } from '@candor/domain';
import type { AppContext } from '../../app-context';
import { postWebhook } from '../../modules/webhooks/webhook-request';
import type { Poller } from '../../worker/pollers';
import {
  claimDueCallbacks,
  recordCallbackAttempt,
  type ClaimedCallback,
} from './integration-callbacks.repository';
import {
  basicHeader,
  deriveIntegrationKey,
  KEY_PREFIXES,
} from './integration-keys';

const BATCH = 50;
const CONCURRENCY = 8;
const LEASE_SECONDS = 15;
const TIMEOUT_MS = 10_000;
export const KEY_REVOKED =
  'The key was revoked: the ATS would refuse this call.';

export type CallbackPollerOptions = {
  timeoutMs?: number;
  /** The waits before each retry (tests shorten them). */
  retryDelaysSeconds?: readonly number[];
};

/**
 * Sends the calls Candor owes an ATS (decision 190): webhooks' request (no redirects, private
 * addresses refused unless WEBHOOK_ALLOW_PRIVATE) and retry schedule, authenticated with the
 * company's key as Greenhouse's document shows (Basic, the key as username, no password).
 */
export function createIntegrationCallbackPoller(
  options: CallbackPollerOptions = {},
): Poller & { close(): void } {
  const agentOptions = { keepAlive: true, maxSockets: CONCURRENCY };
  const agents = {
    http: new http.Agent(agentOptions),
    https: new https.Agent(agentOptions),
  };

  async function send(
    ctx: AppContext,
    callback: ClaimedCallback,
    token: string,
  ): Promise<void> {
    if (callback.revoked) {
      await recordCallbackAttempt(ctx.db, {
        id: callback.id,
        token,
        status: null,
        error: KEY_REVOKED,
        retryAt: null,
      });
      return;
    }
    const key = deriveIntegrationKey({
      signingSecret: ctx.config.signingSecret,
      salt: callback.salt,
      prefix: KEY_PREFIXES[callback.provider],
    });
    const result = await postWebhook({
      url: callback.url,
      method: callback.method,
      body: callback.payload,
      headers: {
        authorization: basicHeader(key),
        'user-agent': 'Candor-Integrations/1',
      },
      allowPrivate: ctx.config.webhookAllowPrivate,
      timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
      agents,
    });
    const delay =
      result.error === null
        ? null
        : webhookRetryDelaySeconds(
            callback.attempts,
            options.retryDelaysSeconds,
          );
    await recordCallbackAttempt(ctx.db, {
      id: callback.id,
      token,
      status: result.status,
      error: result.error,
      retryAt: delay === null ? null : new Date(Date.now() + delay * 1000),
    });
  }

  return {
    name: 'integration-callbacks',
    idleDelayMs: 1000,
    async runOnce(ctx) {
      const token = randomUUID();
      const callbacks = await claimDueCallbacks(ctx.db, {
        limit: BATCH,
        leaseSeconds: LEASE_SECONDS,
        token,
      });
      let next = 0;
      const lanes = Array.from(
        { length: Math.min(CONCURRENCY, callbacks.length) },
        async () => {
          while (next < callbacks.length) {
            const callback = callbacks[next++];
            if (callback) await send(ctx, callback, token);
          }
        },
      );
      await Promise.all(lanes);
      return callbacks.length;
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
