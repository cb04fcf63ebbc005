import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type nodemailerModule from 'nodemailer';
import type { Config } from '../../config';

export type MailMessage = {
  /** Stable per outbox row, so a receiver can recognise a repeat after a crash. */
  messageId: string;
  from: { name: string; address: string };
  to: string;
  replyTo: string | undefined;
  subject: string;
  html: string;
  text: string;
};

export type MailTransport = {
  send(message: MailMessage): Promise<void>;
  close(): void;
  /** How many messages this transport sends at once. */
  concurrency: number;
};

type Nodemailer = typeof nodemailerModule;

/**
 * SMTP (pooled connections) when SMTP_URL is set; otherwise each message is written as an
 * .eml file under DATA_DIR/mail/ for the dev page (GET /api/dev/mail). nodemailer is loaded
 * here, with the first message to send, not by every server at start
 * (docs/decisions/085-server-memory.md).
 */
export async function createMailTransport(
  config: Pick<Config, 'smtpUrl' | 'dataDir'>,
  options: { onWritten?: MailWritten } = {},
): Promise<MailTransport> {
  const { default: nodemailer } = await import('nodemailer');
  if (config.smtpUrl) return createSmtpTransport(nodemailer, config.smtpUrl);
  return createFileTransport(
    nodemailer,
    mailFolder(config.dataDir),
    options.onWritten,
  );
}

/** Told of each message written to a file: without SMTP, the only way to find its link. */
export type MailWritten = (to: string, path: string) => void;

export function mailFolder(dataDir: string): string {
  return join(dataDir, 'mail');
}

const SMTP_CONNECTIONS = 5;

function createSmtpTransport(
  nodemailer: Nodemailer,
  url: string,
): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    maxMessages: 500,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    concurrency: SMTP_CONNECTIONS * 2,
    async send(message) {
      await transporter.sendMail(toNodemailer(message));
    },
    close: () => transporter.close(),
  };
}

function createFileTransport(
  nodemailer: Nodemailer,
  folder: string,
  onWritten: MailWritten | undefined,
): MailTransport {
  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    concurrency: 10,
    async send(message) {
      const info = await transporter.sendMail(toNodemailer(message));
      await mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeName(message.messageId)}.eml`;
      const path = join(folder, name);
      await writeFile(path, info.message as Buffer);
      onWritten?.(message.to, path);
    },
    close: () => transporter.close(),
  };
}

/**
 * `<outbox-42@127.0.0.1>` → `outbox-42_127.0.0.1`: the outbox id stays apart from the host, so
 * the dev mail page reads 42 back, whatever PUBLIC_URL's host is (an IP's digits ran into it).
 */
function safeName(messageId: string): string {
  return messageId
    .replace(/^<|>$/g, '')
    .replace(/[^a-z0-9.-]/gi, '_')
    .slice(0, 80);
}

function toNodemailer(message: MailMessage) {
  return {
    messageId: message.messageId,
    from: message.from,
    to: message.to,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    subject: message.subject,
    html: message.html,
    text: message.text,
  };
}

/**
 * Whether a sending error is permanent: an SMTP 5xx reply (unknown mailbox, refused message).
 * Everything else (4xx, timeouts, refused connections) is worth trying again.
 */
export function isPermanentMailError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
