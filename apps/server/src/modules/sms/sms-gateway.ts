import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One text as the worker hands it to a gateway. */
export type SmsMessage = {
  id: number;
  to: string;
  sender: string;
  body: string;
};

/**
 * What became of a text: accepted (the gateway's id of each part), or not, and whether trying
 * again is safe, which it is only when no part can have reached the gateway.
 */
export type SendOutcome =
  | { ok: true; gatewayIds: string[] }
  | { ok: false; retry: boolean; reason: string; gatewayIds?: string[] };

export type SmsGateway = {
  send(message: SmsMessage): Promise<SendOutcome>;
  close(): Promise<void>;
};

/** A delivery receipt read back from the gateway; returns how many texts it changed. */
export type ReceiptHandler = (receipt: {
  gatewayId: string;
  delivered: boolean;
  reason: string;
}) => Promise<number>;

/** A text an interviewee sent back (SMPP only); returns how many companies it stopped. */
export type ReplyHandler = (reply: {
  from: string;
  text: string;
}) => Promise<number>;

export function smsFolder(dataDir: string): string {
  return join(dataDir, 'sms');
}

/**
 * Without a gateway, development writes each text to DATA_DIR/sms/ (listed beside the
 * e-mails on the dev mail page), as e-mails without SMTP are.
 */
export function createFileGateway(dataDir: string): SmsGateway {
  const folder = smsFolder(dataDir);
  return {
    async send(message) {
      await mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-sms-${message.id}.txt`;
      await writeFile(
        join(folder, name),
        `To: ${message.to}\nFrom: ${message.sender}\n\n${message.body}\n`,
      );
      return { ok: true, gatewayIds: [`file-${message.id}`] };
    },
    async close() {},
  };
}

/** In production without SMS_SMPP_URL: nothing can send, and each text says so. */
export const noGateway: SmsGateway = {
  async send() {
    return {
      ok: false,
      retry: false,
      reason: 'No SMS gateway is configured (SMS_SMPP_URL)',
    };
  },
  async close() {},
};
