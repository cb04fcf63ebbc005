import {
  checkProviderBodySchema,
  checkProviderReplySchema,
  loginBodySchema,
  loginStatusSchema,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { App } from '../../platform/http/app-types';
import { AppError } from '../../platform/http/errors';
import { verifyPassword } from '../../platform/auth/password';
import { domainUsesSso, findUserByEmail } from './auth.repository';

// Per address and account, so one office behind a single IP is not locked out by a colleague.
const loginRateLimit = {
  max: 10,
  timeWindow: '1 minute',
  // After body parsing, so the key can include the e-mail address.
  hook: 'preHandler' as const,
  keyGenerator: (request: { ip: string; body?: unknown }) =>
    `${request.ip}:${String((request.body as { username?: unknown } | undefined)?.username ?? '').toLowerCase()}`,
};

export function registerAuthRoutes(app: App, { db }: AppContext): void {
  app.get(
    '/login/ajax',
    { schema: { tags: ['session'], response: { 200: loginStatusSchema } } },
    async (request) =>
      ({ status: request.user ? 'Logged in' : 'Not logged in' }) as const,
  );

  app.post(
    '/login/ajax',
    {
      config: { rateLimit: loginRateLimit },
      schema: {
        tags: ['session'],
        body: loginBodySchema,
        response: { 200: loginStatusSchema },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const user = await findUserByEmail(db, username);
      const valid = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !valid || user.is_system) {
        throw new AppError(
          'bad_request',
          'The e-mail address or password is not right.',
        );
      }
      if (request.sessionId) await app.sessions.end(request, reply);
      await app.sessions.start(reply, user.id);
      return { status: 'OK' } as const;
    },
  );

  app.post(
    '/check-provider/ajax',
    {
      config: { rateLimit: loginRateLimit },
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
    { schema: { tags: ['session'], response: { 200: loginStatusSchema } } },
    async (request, reply) => {
      await app.sessions.end(request, reply);
      return { status: 'Not logged in' } as const;
    },
  );
}
