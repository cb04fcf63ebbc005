import {
  accountLinkSchema,
  emailOnlyBodySchema,
  linkSentReplySchema,
  signedInReplySchema,
  signupBodySchema,
  type Locale,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { App } from '../../platform/http/app-types';
import {
  bodyEmail,
  createRequestLimits,
} from '../../platform/http/request-limits';
import {
  confirmSignup,
  peekSignup,
  resendSignup,
  startSignup,
} from './signup.service';

const tokenParams = z.object({ token: z.string().min(1).max(200) });

/** The page's language when the form did not say: French for French readers, else English. */
function localeFromHeader(header: string | undefined): Locale {
  const first = header?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('fr') ? 'fr-fr' : 'en-gb';
}

export function registerSignupRoutes(app: App, ctx: AppContext): void {
  // Each request e-mails someone: per client against mass sign-ups, per address against
  // filling one inbox.
  const signupLimits = createRequestLimits(app, [
    { name: 'signup-ip', max: 10, timeWindow: '1 hour', key: (r) => r.ip },
    { name: 'signup-email', max: 5, timeWindow: '1 hour', key: bodyEmail },
  ]);
  const resendLimits = createRequestLimits(app, [
    { name: 'resend-ip', max: 20, timeWindow: '1 hour', key: (r) => r.ip },
    { name: 'resend-email', max: 5, timeWindow: '1 hour', key: bodyEmail },
  ]);

  app.post(
    '/api/signup',
    {
      config: { access: 'public' },
      preHandler: signupLimits,
      schema: {
        tags: ['signup'],
        body: signupBodySchema,
        response: { 201: linkSentReplySchema },
      },
    },
    async (request, reply) => {
      const locale =
        request.body.locale ??
        localeFromHeader(request.headers['accept-language']);
      await startSignup(ctx, request.body, locale);
      return reply.status(201).send({ status: 'link_sent' });
    },
  );

  app.post(
    '/api/signup/resend',
    {
      config: { access: 'public' },
      preHandler: resendLimits,
      schema: {
        tags: ['signup'],
        body: emailOnlyBodySchema,
        response: { 202: linkSentReplySchema },
      },
    },
    async (request, reply) => {
      await resendSignup(ctx, request.body.email);
      return reply.status(202).send({ status: 'link_sent' });
    },
  );

  app.get(
    '/api/verify-email/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['signup'],
        params: tokenParams,
        response: { 200: accountLinkSchema },
      },
    },
    async (request) => peekSignup(ctx.db, request.params.token),
  );

  app.post(
    '/api/verify-email/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['signup'],
        params: tokenParams,
        response: { 200: signedInReplySchema },
      },
    },
    async (request, reply) => {
      const userId = await confirmSignup(ctx, request.params.token);
      if (request.sessionId) await app.sessions.end(request, reply);
      await app.sessions.start(reply, userId);
      return { status: 'OK' } as const;
    },
  );
}
