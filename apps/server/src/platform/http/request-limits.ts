import type { FastifyRequest } from 'fastify';
import type { App } from './app-types';
import { AppError } from './errors';

export type RequestLimit = {
  /** Keeps each limit's counts apart from the others'. */
  name: string;
  max: number;
  timeWindow: string;
  key: (request: FastifyRequest) => string;
};

/** The e-mail address in a JSON body, as one key whatever its case. */
export const bodyEmail = (request: FastifyRequest): string =>
  String(
    (request.body as { email?: unknown } | undefined)?.email ?? '',
  ).toLowerCase();

/**
 * Several limits on one route (per client address and per e-mail address, say): the route
 * config of @fastify/rate-limit takes one, and its hooks run only the first per request. Call
 * the returned check after the body is parsed; the first limit exceeded answers 429.
 */
export function createRequestLimits(
  app: App,
  limits: RequestLimit[],
): (request: FastifyRequest) => Promise<void> {
  const limiters = limits.map((limit) =>
    app.createRateLimit({
      max: limit.max,
      timeWindow: limit.timeWindow,
      keyGenerator: (request) => `${limit.name}:${limit.key(request)}`,
    }),
  );
  return async (request) => {
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded)
        throw new AppError(
          'too_many',
          'Too many requests. Please wait an hour and try again.',
        );
    }
  };
}
