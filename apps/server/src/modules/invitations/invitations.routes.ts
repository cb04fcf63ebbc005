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
import { jobAccessOf } from '../../platform/access/access-rule';
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
  void app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>() as App;
    acceptUrlEncoded(scope);

    scope.post(
      '/api/jobs/:job/applications/:id/invite',
      {
        config: { access: { job: 'manage' }, apiKey: 'write' },
        schema: {
          tags: ['invitations'],
          params: jobItemParams,
          response: { 200: applicationSchema },
        },
      },
      async (request) => {
        const access = jobAccessOf(request);
        const input = await readFormInput(request, inviteBodySchema);
        return inviteApplicant(ctx, access, request.params.id, input);
      },
    );

    scope.post(
      '/api/jobs/:job/invite_all',
      {
        config: { access: { job: 'manage' }, apiKey: 'write' },
        schema: {
          tags: ['invitations'],
          params: jobParams,
          response: { 200: bulkSendReplySchema },
        },
      },
      async (request) => {
        const access = jobAccessOf(request);
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
        config: { access: { job: 'manage' } },
        schema: {
          tags: ['invitations'],
          params: jobItemParams,
          response: { 200: applicationSchema },
        },
      },
      async (request) => {
        const access = jobAccessOf(request);
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
        config: { access: { job: 'manage' } },
        schema: {
          tags: ['invitations'],
          params: jobParams,
          response: { 200: bulkSendReplySchema },
        },
      },
      async (request) => {
        const access = jobAccessOf(request);
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
        config: {
          access: { job: 'manage' },
          rateLimit: { max: 60, timeWindow: '1 minute' },
        },
      },
      async (request) => {
        const access = jobAccessOf(request);
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
        config: {
          access: { job: 'manage' },
          rateLimit: { max: 20, timeWindow: '1 minute' },
        },
      },
      async (request) => {
        const access = jobAccessOf(request);
        const input = await readFormInput(request, emailQuestionsBodySchema);
        return emailQuestions(ctx, access, input.msg_to);
      },
    );
  });
}
