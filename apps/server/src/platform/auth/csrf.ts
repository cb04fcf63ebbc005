import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/errors';
import { isBearerRequest } from './api-key';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging
  interface FastifyContextConfig {
    /** Routes authorised by a signature instead of a session (direct uploads) opt out. */
    csrf?: false;
  }
}

/**
 * Double-submit CSRF protection: a readable `csrftoken` cookie that the SPA echoes in the
 * `X-CSRFToken` header on every request that changes data.
 */
export const csrfPlugin = fp<{ secureCookies: boolean }>(
  async (app, options) => {
    app.addHook('onRequest', async (request, reply) => {
      // Its session cookie is ignored, so a forged cross-site request gains nothing by it, and
      // a browser cannot add the header to one without the API's consent (decision 149).
      if (isBearerRequest(request)) return;
      const cookie = request.cookies[CSRF_COOKIE];
      if (SAFE_METHODS.has(request.method)) {
        if (!cookie) setCsrfCookie(reply, options.secureCookies);
        return;
      }
      if (request.routeOptions.config.csrf === false) return;
      const header = request.headers[CSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
        throw new AppError(
          'forbidden',
          'CSRF check failed: reload the page and try again.',
        );
      }
    });
  },
);

/**
 * A new random token. Sign-in sets one too, so a token planted or read before the sign-in
 * (a shared computer, a cookie injected from a sibling domain) is worthless after it.
 */
export function setCsrfCookie(reply: FastifyReply, secure: boolean): void {
  reply.setCookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), {
    path: '/',
    sameSite: 'lax',
    secure,
  });
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
