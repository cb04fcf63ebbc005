import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { webhookUrlProblem } from '@candor/domain';
import { isPublicAddress } from './public-address';

/** The most of a response body kept for the delivery log. */
export const RESPONSE_EXCERPT_BYTES = 4096;
export const WEBHOOK_TIMEOUT_MS = 10_000;

export type WebhookResponse = {
  /** The HTTP status, or null when no response came (refused, unreachable, timed out). */
  status: number | null;
  ms: number;
  excerpt: string;
  /** Why the delivery did not succeed; null for a 2xx reply. */
  error: string | null;
};

export class RefusedAddress extends Error {}

const refusal = (host: string) =>
  new RefusedAddress(
    `${host} resolves to a private, loopback or link-local address.`,
  );

/**
 * Resolves like the system does, then refuses the connection if any address is not public. It
 * runs when the socket connects, so a name that changes its answer after an earlier check
 * (DNS rebinding) is checked again on the address actually used.
 */
export const publicOnlyLookup: LookupFunction = (
  hostname,
  options,
  callback,
) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses as LookupAddress[];
    if (
      list.length === 0 ||
      !list.every((entry) => isPublicAddress(entry.address))
    )
      return callback(refusal(hostname), '', 4);
    if (options.all) return callback(null, list);
    const first = list[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
};

/** Why this URL may not be called now, or null: its scheme, and an address written in it. */
export function refusedUrl(url: URL, allowPrivate: boolean): string | null {
  const problem = webhookUrlProblem(url.href, { allowPrivate });
  if (problem) return problem;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address is connected to without any lookup, so it is checked here.
  if (!allowPrivate && isIP(host) !== 0 && !isPublicAddress(host))
    return refusal(host).message;
  return null;
}

/**
 * POSTs one signed webhook (or, with `method`, PATCHes an ATS's callback URL). No redirect is
 * followed (a 3xx is a failure), the whole exchange has `timeoutMs`, and only the first
 * RESPONSE_EXCERPT_BYTES of the body are read.
 */
export function postWebhook(options: {
  url: string;
  method?: 'POST' | 'PATCH';
  headers: Record<string, string>;
  body: string;
  allowPrivate: boolean;
  timeoutMs?: number;
  agents: { http: http.Agent; https: https.Agent };
}): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(options.url);
  const refused = refusedUrl(url, options.allowPrivate);
  if (refused)
    return Promise.resolve({
      status: null,
      ms: 0,
      excerpt: '',
      error: refused,
    });
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<WebhookResponse, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, ms: elapsed() });
    };
    const request = client.request(
      url,
      {
        method: options.method ?? 'POST',
        agent:
          url.protocol === 'https:'
            ? options.agents.https
            : options.agents.http,
        lookup: options.allowPrivate ? undefined : publicOnlyLookup,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(options.body),
          'user-agent': 'Candor-Webhooks/1',
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const status = response.statusCode ?? 0;
          const excerpt = Buffer.concat(chunks)
            .subarray(0, RESPONSE_EXCERPT_BYTES)
            .toString('utf8');
          finish({
            status,
            excerpt,
            error:
              status >= 200 && status < 300
                ? null
                : status >= 300 && status < 400
                  ? `Redirect (${status}) not followed.`
                  : `The endpoint answered ${status}.`,
          });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_EXCERPT_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error('timeout'));
    }, options.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
    request.on('error', (error) => {
      finish({
        status: null,
        excerpt: '',
        error:
          error.message === 'timeout'
            ? `No answer within ${Math.round((options.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000)} s.`
            : error.message || String(error),
      });
    });
    request.end(options.body);
  });
}
