import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SmsHttpProvider } from '../../config';
import type { SendOutcome, SmsGateway } from './sms-gateway';

/** Where the provider reports each message's state: a route of Candor's, signed by it. */
export const STATUS_CALLBACK_PATH = '/api/sms/status';

/**
 * An HTTP provider in Twilio's documented shape: POST /2010-04-01/Accounts/{sid}/Messages.json
 * with Basic auth and the form fields To, From, Body and StatusCallback (decision 188).
 */
export function createHttpGateway(options: {
  provider: SmsHttpProvider;
  publicUrl: string;
  timeoutMs?: number;
}): SmsGateway {
  const { provider } = options;
  const endpoint = `${provider.url}/2010-04-01/Accounts/${encodeURIComponent(provider.account)}/Messages.json`;
  const auth = Buffer.from(`${provider.account}:${provider.token}`).toString(
    'base64',
  );
  return {
    async send(message): Promise<SendOutcome> {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization: `Basic ${auth}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({
            To: message.to,
            From: message.sender,
            Body: message.body,
            StatusCallback: `${options.publicUrl}${STATUS_CALLBACK_PATH}`,
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        // Refused before anything was sent: safe to try again. Anything later may have gone.
        const code = (error as { cause?: { code?: string } }).cause?.code;
        return code === 'ECONNREFUSED' || code === 'ENOTFOUND'
          ? {
              ok: false,
              retry: true,
              reason: 'Could not reach the SMS provider',
            }
          : {
              ok: false,
              retry: false,
              reason:
                'The SMS provider did not answer; not sent again, so that it cannot arrive twice',
            };
      }
      const reply = (await response.json().catch(() => ({}))) as {
        sid?: unknown;
        code?: unknown;
        message?: unknown;
      };
      if (response.ok && typeof reply.sid === 'string')
        return { ok: true, gatewayIds: [reply.sid] };
      const why =
        typeof reply.message === 'string'
          ? `${reply.message}${reply.code ? ` (code ${String(reply.code)})` : ''}`
          : `HTTP ${response.status}`;
      return {
        ok: false,
        // Busy or down without taking it: try again later.
        retry: response.status === 429 || response.status === 503,
        reason: `The SMS provider refused the text: ${why}`,
      };
    },
    async close() {},
  };
}

/**
 * Twilio's request signature: base64 HMAC-SHA1, keyed by the auth token, of the callback's
 * full URL followed by each form field's name and value in the names' order.
 */
export function providerSignature(
  token: string,
  url: string,
  fields: Record<string, string>,
): string {
  const data = Object.keys(fields)
    .sort()
    .reduce((text, key) => `${text}${key}${fields[key] ?? ''}`, url);
  return createHmac('sha1', token).update(data).digest('base64');
}

export function isProviderSignature(options: {
  token: string;
  url: string;
  fields: Record<string, string>;
  signature: string;
}): boolean {
  const expected = Buffer.from(
    providerSignature(options.token, options.url, options.fields),
  );
  const given = Buffer.from(options.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A status callback's news for a message, or null when it is not delivered or failed. */
export function readStatusCallback(
  fields: Record<string, string>,
): { gatewayId: string; delivered: boolean; reason: string } | null {
  const sid = fields.MessageSid;
  const status = fields.MessageStatus;
  if (!sid || !status) return null;
  if (status === 'delivered')
    return { gatewayId: sid, delivered: true, reason: '' };
  if (status !== 'undelivered' && status !== 'failed') return null;
  return {
    gatewayId: sid,
    delivered: false,
    reason: `Not delivered: ${status}${fields.ErrorCode ? ` (error ${fields.ErrorCode})` : ''}`,
  };
}
