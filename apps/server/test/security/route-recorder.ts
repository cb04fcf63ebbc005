import type * as FastifyModule from 'fastify';

export type RecordedRoute = {
  method: string;
  url: string;
  /** `config.csrf === false`: the route is authorised by a signature or a token, not a cookie. */
  csrfExempt: boolean;
  /** `config.apiKey`: what an API key needs to call the route; unset, keys are refused. */
  apiKey: 'read' | 'write' | undefined;
};

/** Every route the app registered, as Fastify's own `onRoute` hook reported it. */
export const recordedRoutes: RecordedRoute[] = [];

/**
 * Wraps the Fastify factory so that each instance gets an `onRoute` hook before anything
 * registers on it. Used from `vi.mock('fastify', …)` in the security tests: the route list is
 * Fastify's real one, so a route added to any module shows up here without a test change.
 */
export function withRouteRecorder(
  actual: typeof FastifyModule,
): typeof FastifyModule {
  const factory = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method)
        ? route.method
        : [route.method];
      for (const method of methods) {
        // HEAD routes are Fastify's automatic twins of GET routes.
        if (method === 'HEAD') continue;
        recordedRoutes.push({
          method,
          url: route.url,
          csrfExempt: route.config?.csrf === false,
          apiKey: route.config?.apiKey,
        });
      }
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: factory, fastify: factory };
}

/** The key that the tables use: `METHOD /path/:param`. */
export const routeKey = (route: { method: string; url: string }) =>
  `${route.method} ${route.url}`;

/** Distinct routes (a route may be reported twice when a plugin registers it with a prefix). */
export function uniqueRoutes(): RecordedRoute[] {
  const seen = new Map<string, RecordedRoute>();
  for (const route of recordedRoutes) seen.set(routeKey(route), route);
  return [...seen.values()];
}
