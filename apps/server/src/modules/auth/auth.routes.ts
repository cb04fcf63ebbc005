import {
  checkProviderBodySchema,
  checkProviderReplySchema,
  loginBodySchema,
  loginStatusSchema,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { App } from '../../platform/http/app-types';
import { domainUsesSso } from './auth.repository';
import { originOf } from '../../platform/http/request-origin';
import {
  checkSignIn,
  startSignedInSession,
  type SignedInUser,
} from './auth.service';
import { SignInBlockedError } from './sign-in-throttle';

// A coarse guard against floods (each attempt costs a password hash); guessing is limited by
// the failure counts of sign-in-throttle.ts, which every server process shares.
const floodGuard = { max: 100, timeWindow: '1 minute' };
const providerRateLimit = { max: 60, timeWindow: '1 minute' };

export function registerAuthRoutes(app: App, { db }: AppContext): void {
  app.get(
    '/login/ajax',
    {
      config: { access: 'public' },
      schema: { tags: ['session'], response: { 200: loginStatusSchema } },
    },
    async (request) =>
      ({ status: request.user ? 'Logged in' : 'Not logged in' }) as const,
  );

  app.post(
    '/login/ajax',
    {
      config: { access: 'public', rateLimit: floodGuard },
      schema: {
        tags: ['session'],
        body: loginBodySchema,
        response: { 200: loginStatusSchema },
      },
    },
    async (request, reply) => {
      const origin = originOf(request);
      let user: SignedInUser;
      try {
        user = await checkSignIn(db, {
          email: request.body.username,
          password: request.body.password,
          origin,
        });
      } catch (error) {
        if (error instanceof SignInBlockedError)
          void reply.header('Retry-After', String(error.retryAfterSeconds));
        throw error;
      }
      if (request.sessionId) await app.sessions.end(request, reply);
      await startSignedInSession(db, {
        user,
        origin,
        start: (trx) => app.sessions.start(reply, user.id, trx),
      });
      return { status: 'OK' } as const;
    },
  );

  app.post(
    '/check-provider/ajax',
    {
      config: { access: 'public', rateLimit: providerRateLimit },
      schema: {
        tags: ['session'],
        body: checkProviderBodySchema,
        response: { 200: checkProviderReplySchema },
      },
    },
    // Decided by the e-mail's domain, never by whether the account exists.
    async (request) => {
      const domain = request.body.username.split('@')[1] ?? '';
      const sso = domain !== '' && (await domainUsesSso(db, domain));
      return {
        provider: sso ? 'sso' : 'password',
        sso_url: sso ? `/sso/?domain=${domain}` : null,
      } as const;
    },
  );

  app.get(
    '/logout/ajax',
    {
      config: { access: 'public' },
      schema: { tags: ['session'], response: { 200: loginStatusSchema } },
    },
    async (request, reply) => {
      await app.sessions.end(request, reply);
      return { status: 'Not logged in' } as const;
    },
  );
}
