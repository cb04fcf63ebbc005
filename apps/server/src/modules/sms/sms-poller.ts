import { randomUUID } from 'node:crypto';
import { smsRetryDelaySeconds } from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { Poller } from '../../worker/pollers';
import { createFileGateway, noGateway, type SmsGateway } from './sms-gateway';
import { createHttpGateway } from './http-gateway';
import { failText, recordTextReceipt } from './sms.service';
import { recordStopReply } from './sms-stop.service';
import { createSmppGateway, type SmppGatewayOptions } from './smpp-gateway';
import {
  claimDueTexts,
  confirmTextClaim,
  failStaleSending,
  markTextSent,
  retryTextLater,
  type ClaimedText,
} from './sms.repository';

const BATCH = 50;
const LEASE_SECONDS = 120;
/** After this many tries a text that still cannot be sent is given up. */
export const SMS_MAX_ATTEMPTS = 10;

export type SmsPoller = Poller & {
  /** The gateway, made on the first run or by connect (tests wait for its bind). */
  gateway(): SmsGateway | null;
  connect(ctx: AppContext): SmsGateway;
  close(): Promise<void>;
};

/**
 * Sends the SMS outbox through the gateway the settings choose: SMPP with SMS_SMPP_URL, the
 * HTTP provider with SMS_HTTP_URL; files
 * under DATA_DIR/sms/ in development; nothing in production without one (decision 188).
 */
export function createSmsPoller(
  options: {
    log?: (message: string, error?: unknown) => void;
    batch?: number;
    smpp?: Pick<
      SmppGatewayOptions,
      'enquireLinkMs' | 'responseTimeoutMs' | 'reconnectMaxMs'
    >;
  } = {},
): SmsPoller {
  const log =
    options.log ??
    ((message: string, error?: unknown) => console.error(message, error ?? ''));
  let gateway: SmsGateway | null = null;

  const gatewayFor = (ctx: AppContext): SmsGateway => {
    const { smpp, smsHttp, env, dataDir, publicUrl } = ctx.config;
    if (smsHttp) return createHttpGateway({ provider: smsHttp, publicUrl });
    if (smpp)
      return createSmppGateway({
        ...options.smpp,
        gateway: smpp,
        log,
        onReceipt: (receipt) => recordTextReceipt(ctx.db, receipt),
        onReply: (reply) => recordStopReply(ctx.db, reply),
      });
    return env === 'production' ? noGateway : createFileGateway(dataDir);
  };

  return {
    name: 'sms',
    idleDelayMs: 1000,
    gateway: () => gateway,
    connect(ctx) {
      gateway ??= gatewayFor(ctx);
      return gateway;
    },
    async runOnce(ctx) {
      const current = this.connect(ctx);
      const stale = await failStaleSending(ctx.db);
      const token = randomUUID();
      const texts = await claimDueTexts(ctx.db, {
        limit: options.batch ?? BATCH,
        leaseSeconds: LEASE_SECONDS,
        token,
      });
      for (const text of texts) await deliver(ctx, current, text, token);
      return texts.length + stale;
    },
    async close() {
      const current = gateway;
      gateway = null;
      await current?.close();
    },
  };
}

async function deliver(
  ctx: AppContext,
  gateway: SmsGateway,
  text: ClaimedText,
  token: string,
): Promise<void> {
  if (!(await confirmTextClaim(ctx.db, text.id, token, LEASE_SECONDS))) return;
  const outcome = await gateway.send({
    id: text.id,
    to: text.to_phone,
    sender: text.sender,
    body: text.body,
  });
  if (outcome.ok) {
    await markTextSent(ctx.db, {
      id: text.id,
      token,
      gatewayIds: outcome.gatewayIds,
    });
  } else if (outcome.retry && text.attempts < SMS_MAX_ATTEMPTS) {
    const at = new Date(
      Date.now() + smsRetryDelaySeconds(text.attempts) * 1000,
    );
    await retryTextLater(ctx.db, {
      id: text.id,
      token,
      reason: outcome.reason,
      at,
    });
  } else {
    await failText(ctx.db, {
      id: text.id,
      token,
      reason: outcome.reason,
      ...(outcome.gatewayIds ? { gatewayIds: outcome.gatewayIds } : {}),
    });
  }
}
