import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context';
import type { Poller } from '../../worker/pollers';
import {
  createMailTransport,
  isPermanentMailError,
  type MailTransport,
  type MailWritten,
} from './mail-transport';
import {
  claimDueEmails,
  confirmClaim,
  markEmailFailed,
  markEmailSent,
  retryEmailLater,
  type ClaimedEmail,
} from './outbox.repository';

/** Long enough for a whole batch on a slow SMTP server; confirmClaim renews it per message. */
export const OUTBOX_LEASE_SECONDS = 120;
export const OUTBOX_BATCH = 200;
export const OUTBOX_MAX_ATTEMPTS = 8;
const BACKOFF_BASE_SECONDS = 30;
const BACKOFF_MAX_SECONDS = 4 * 60 * 60;

/** Seconds before the next try after `attempts` tries: 30 s, 1 min, 2 min … at most 4 hours. */
export function mailRetryDelaySeconds(attempts: number): number {
  return Math.min(
    BACKOFF_BASE_SECONDS * 2 ** Math.max(0, attempts - 1),
    BACKOFF_MAX_SECONDS,
  );
}

export type OutboxPoller = Poller & {
  /** Claims a batch without sending it: what a worker killed right after its claim leaves. */
  claimOnly(ctx: AppContext): Promise<number>;
  close(): void;
};

/**
 * Sends the outbox. Each run claims a batch (one short statement), then sends its messages a
 * few at a time; each row is confirmed as still ours right before sending and marked sent
 * right after the SMTP server accepts it (docs/decisions/035-outbox-delivery.md).
 */
export function createOutboxPoller(
  options: {
    batch?: number;
    leaseSeconds?: number;
    onMailWritten?: MailWritten;
  } = {},
): OutboxPoller {
  const batch = options.batch ?? OUTBOX_BATCH;
  const leaseSeconds = options.leaseSeconds ?? OUTBOX_LEASE_SECONDS;
  let transport: Promise<MailTransport> | null = null;

  return {
    name: 'outbox',
    idleDelayMs: 1000,
    async runOnce(ctx) {
      const token = randomUUID();
      const emails = await claimDueEmails(ctx.db, {
        limit: batch,
        leaseSeconds,
        token,
      });
      if (emails.length === 0) return 0;
      transport ??= createMailTransport(ctx.config, {
        onWritten: options.onMailWritten,
      });
      const sender = await transport;
      let next = 0;
      const lanes = Array.from(
        { length: Math.min(sender.concurrency, emails.length) },
        async () => {
          while (next < emails.length) {
            const email = emails[next++];
            if (email) await deliver(ctx, sender, email, token, leaseSeconds);
          }
        },
      );
      await Promise.all(lanes);
      return emails.length;
    },
    async claimOnly(ctx) {
      const emails = await claimDueEmails(ctx.db, {
        limit: batch,
        leaseSeconds,
        token: randomUUID(),
      });
      return emails.length;
    },
    close() {
      void transport?.then(
        (sender) => sender.close(),
        () => {},
      );
      transport = null;
    },
  };
}

async function deliver(
  ctx: AppContext,
  transport: MailTransport,
  email: ClaimedEmail,
  token: string,
  leaseSeconds: number,
): Promise<void> {
  if (!(await confirmClaim(ctx.db, email.id, token, leaseSeconds))) return;
  const domain = new URL(ctx.config.publicUrl).hostname;
  const messageId = `<outbox-${email.id}@${domain}>`;
  try {
    await transport.send({
      messageId,
      from: { name: email.from_name, address: ctx.config.mailFrom },
      to: email.to_email,
      replyTo: email.reply_to || undefined,
      subject: email.subject,
      html: email.html,
      text: email.text,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (isPermanentMailError(error) || email.attempts >= OUTBOX_MAX_ATTEMPTS) {
      await markEmailFailed(ctx.db, email, token, reason);
    } else {
      const at = new Date(
        Date.now() + mailRetryDelaySeconds(email.attempts) * 1000,
      );
      await retryEmailLater(ctx.db, email.id, token, { error: reason, at });
    }
    return;
  }
  await markEmailSent(ctx.db, email.id, token, messageId);
}
