import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { keyRefusal, type ApiKeyScope } from '@candor/domain';
import type { Db } from '../../db/connection';
import { AppError } from '../http/errors';
import { findLiveApiKey, recordKeyRequest } from './api-key.repository';

/** The key a request was made with (decision 149). */
export type KeyCaller = {
  id: number;
  companyId: number;
  name: string;
  scope: ApiKeyScope;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging
  interface FastifyContextConfig {
    /** Open to API keys: 'read' for any key, 'write' for keys that may write. Unset: closed. */
    apiKey?: ApiKeyScope;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging
  interface FastifyRequest {
    apiKey: KeyCaller | null;
  }
}

export const hashApiKey = (secret: string) =>
  createHash('sha256').update(secret).digest('hex');

/**
 * A request that names a key. The session and CSRF hooks ignore such a request's cookies, so a
 * request with both acts as the key alone, and a cookie can never ride along on a key's request.
 */
export function isBearerRequest(request: FastifyRequest): boolean {
  const header = request.headers.authorization;
  return typeof header === 'string' && /^bearer(\s|$)/i.test(header);
}

const INVALID_KEY = 'This API key is not valid, or it was revoked.';
const ROUTE_LENGTH = 200;

type ApiKeyOptions = { db: Db; requestsPerMinute: number };

/**
 * `Authorization: Bearer <key>`: the request acts as the key's system user in the key's
 * company, on the routes that declare `config.apiKey`, limited per key, and each one logged.
 */
export const apiKeyPlugin = fp<ApiKeyOptions>(async (app, options) => {
  app.decorateRequest('apiKey', null);
  const limit = app.createRateLimit({
    max: options.requestsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `api-key:${request.apiKey?.id ?? 0}`,
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!isBearerRequest(request)) return;
    const secret = /^bearer\s+(\S+)\s*$/i.exec(
      request.headers.authorization ?? '',
    )?.[1];
    const key = secret
      ? await findLiveApiKey(options.db, hashApiKey(secret))
      : undefined;
    if (!key) throw new AppError('unauthorized', INVALID_KEY);
    request.apiKey = {
      id: key.id,
      companyId: key.company_id,
      name: key.name,
      scope: key.scope,
    };
    request.user = {
      id: key.user_id,
      email: key.email,
      first_name: key.first_name,
      last_name: key.last_name,
      locale: key.locale,
      current_company_id: key.company_id,
    };
    const verdict = await limit(request);
    if (!verdict.isAllowed && verdict.isExceeded) {
      reply.header('retry-after', String(verdict.ttlInSeconds));
      throw new AppError(
        'too_many',
        `Too many requests with this API key: try again in ${verdict.ttlInSeconds} s.`,
      );
    }
    // No such route: its 404 says so.
    if (request.routeOptions.url === undefined) return;
    const refusal = keyRefusal(key.scope, request.routeOptions.config.apiKey);
    if (refusal) throw new AppError('forbidden', refusal);
  });

  // Before the reply leaves, so a caller who got an answer finds it in the log.
  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.apiKey;
    if (!key) return payload;
    try {
      await recordKeyRequest(options.db, {
        keyId: key.id,
        companyId: key.companyId,
        method: request.method,
        route: (
          request.routeOptions.url ??
          request.url.split('?')[0] ??
          ''
        ).slice(0, ROUTE_LENGTH),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
      });
    } catch (error) {
      // The reply matters more than its log line.
      request.log.warn({ err: error }, 'API key request not logged');
    }
    return payload;
  });
});
