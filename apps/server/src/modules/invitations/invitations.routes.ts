import {
  applicationSchema,
  bulkSendReplySchema,
  emailApplicantBodySchema,
  emailQuestionsBodySchema,
  extendAllBodySchema,
  extendBodySchema,
  inviteBodySchema,
  queuedReplySchema,
} from '@candor/domain';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { requireJobAccess } from '../../platform/access/job-access';
import { requireUser } from '../../platform/auth/guards';
import type { App } from '../../platform/http/app-types';
import {
  acceptUrlEncoded,
  readFormInput,
} from '../../platform/http/form-input';
import {
  emailApplicant,
  emailQuestions,
  extendAll,
  extendApplicant,
  inviteAll,
  inviteApplicant,
} from './invitations.service';
import { jobParams, jobItemParams } from '../../platform/http/path-params';

/**
 * Invitations, deadline extensions and messages. The spec sends these as form data, so they
 * accept multipart, URL-encoded and JSON bodies alike (parsed in their own scope).
 */
export function registerInvitationRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  void app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>() as App;
    acceptUrlEncoded(scope);
    const manage = (request: Parameters<typeof requireUser>[0], job: number) =>
      requireJobAccess(db, requireUser(request), job, 'manage');

    scope.post(
      '/api/jobs/:job/applications/:id/invite',
      {
        config: { apiKey: 'write' },
        schema: {
          tags: ['invitations'],
          params: jobItemParams,
          response: { 200: applicationSchema },
        },
      },
      async (request) => {
        const access = await manage(request, request.params.job);
        const input = await readFormInput(request, inviteBodySchema);
        return inviteApplicant(ctx, access, request.params.id, input);
      },
    );

    scope.post(
      '/api/jobs/:job/invite_all',
      {
        config: { apiKey: 'write' },
        schema: {
          tags: ['invitations'],
          params: jobParams,
          response: { 200: bulkSendReplySchema },
        },
      },
      async (request) => {
        const access = await manage(request, request.params.job);
        return inviteAll(
          ctx,
          access,
          await readFormInput(request, inviteBodySchema),
        );
      },
    );

    scope.post(
      '/api/jobs/:job/applications/:id/extend',
      {
        schema: {
          tags: ['invitations'],
          params: jobItemParams,
          response: { 200: applicationSchema },
        },
      },
      async (request) => {
        const access = await manage(request, request.params.job);
        return extendApplicant(
          ctx,
          access,
          request.params.id,
          await readFormInput(request, extendBodySchema),
        );
      },
    );

    scope.post(
      '/api/jobs/:job/extend_all',
      {
        schema: {
          tags: ['invitations'],
          params: jobParams,
          response: { 200: bulkSendReplySchema },
        },
      },
      async (request) => {
        const access = await manage(request, request.params.job);
        return extendAll(
          ctx,
          access,
          await readFormInput(request, extendAllBodySchema),
        );
      },
    );

    scope.post(
      '/api/jobs/:job/applications/:id/email',
      {
        schema: {
          tags: ['invitations'],
          params: jobItemParams,
          response: { 200: queuedReplySchema },
        },
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      },
      async (request) => {
        const access = await manage(request, request.params.job);
        return emailApplicant(
          ctx,
          access,
          request.params.id,
          await readFormInput(request, emailApplicantBodySchema),
        );
      },
    );

    scope.post(
      '/api/jobs/:job/email_questions',
      {
        schema: {
          tags: ['invitations'],
          params: jobParams,
          response: { 200: queuedReplySchema },
        },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request) => {
        const access = await manage(request, request.params.job);
        const input = await readFormInput(request, emailQuestionsBodySchema);
        return emailQuestions(ctx, access, input.msg_to);
      },
    );
  });
}
