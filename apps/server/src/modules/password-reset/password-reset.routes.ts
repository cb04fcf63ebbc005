import {
  accountLinkSchema,
  emailOnlyBodySchema,
  linkSentReplySchema,
  passwordResetBodySchema,
  signedInReplySchema,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { App } from '../../platform/http/app-types';
import {
  bodyEmail,
  createRequestLimits,
} from '../../platform/http/request-limits';
import {
  peekPasswordReset,
  requestPasswordReset,
  resetPassword,
} from './password-reset.service';

const tokenParams = z.object({ token: z.string().min(1).max(200) });

export function registerPasswordResetRoutes(app: App, ctx: AppContext): void {
  // Per client against probing many accounts, per address against filling one inbox.
  const resetLimits = createRequestLimits(app, [
    { name: 'reset-ip', max: 20, timeWindow: '1 hour', key: (r) => r.ip },
    { name: 'reset-email', max: 5, timeWindow: '1 hour', key: bodyEmail },
  ]);

  app.post(
    '/api/password-reset',
    {
      config: { access: 'public' },
      preHandler: resetLimits,
      schema: {
        tags: ['password reset'],
        body: emailOnlyBodySchema,
        response: { 202: linkSentReplySchema },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(ctx, request.body.email);
      return reply.status(202).send({ status: 'link_sent' });
    },
  );

  app.get(
    '/api/password-reset/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['password reset'],
        params: tokenParams,
        response: { 200: accountLinkSchema },
      },
    },
    async (request) => peekPasswordReset(ctx.db, request.params.token),
  );

  app.post(
    '/api/password-reset/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['password reset'],
        params: tokenParams,
        body: passwordResetBodySchema,
        response: { 200: signedInReplySchema },
      },
    },
    async (request, reply) => {
      const userId = await resetPassword(ctx, {
        token: request.params.token,
        password: request.body.password,
        endAllSessions: (id, db) => app.sessions.endAllOf(request, id, db),
      });
      // This browser's own session (of whichever account) went too; it starts afresh.
      if (request.sessionId) await app.sessions.end(request, reply);
      await app.sessions.start(reply, userId);
      return { status: 'OK' } as const;
    },
  );
}
