import { devSmsListSchema, escapeHtml, smsTextSchema } from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { companyUserOf, jobAccessOf } from '../../platform/access/access-rule';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../platform/http/app-types';
import { acceptUrlEncoded } from '../../platform/http/form-input';
import { jobItemParams } from '../../platform/http/path-params';
import { AppError, notFound } from '../../platform/http/errors';
import { stopTexts, stopTextsStatus } from './sms-stop.service';
import {
  isProviderSignature,
  readStatusCallback,
  STATUS_CALLBACK_PATH,
} from './http-gateway';
import { findJobApplicationId, listCompanyTexts } from './sms.repository';
import { recordTextReceipt, textsOfApplication } from './sms.service';

const tags = ['sms'];
// The key is a signature nobody can guess; the limit keeps anyone from trying at speed.
const stopRoute = {
  access: 'public',
  csrf: false,
  rateLimit: { max: 60, timeWindow: '1 minute' },
} as const;
const tokenParams = z.object({ token: z.string().max(40) });

export function registerSmsRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/jobs/:job/applications/:id/texts',
    {
      config: { access: { job: 'manage' } },
      schema: {
        tags,
        params: jobItemParams,
        response: { 200: z.array(smsTextSchema) },
      },
    },
    async (request) => {
      // Managing the job is for its company's users only, who see all of its interviewees.
      const access = jobAccessOf(request);
      const applicationId = await findJobApplicationId(
        ctx.db,
        access.job.id,
        request.params.id,
      );
      if (applicationId === undefined) throw notFound('This interviewee');
      return textsOfApplication(ctx.db, {
        companyId: access.job.company_id,
        applicationId,
      });
    },
  );

  // The link at the end of every text: a page that asks, and a form that stops the texts. A
  // page of the server's own, so it opens at once on any phone. No CSRF token: the signed key
  // in the path is the authority, and stopping texts is all it can do.
  app.get(
    '/t/:token',
    { config: stopRoute, schema: { hide: true, params: tokenParams } },
    async (request, reply) => {
      const status = await stopTextsStatus(ctx, request.params.token);
      return reply
        .type('text/html; charset=utf-8')
        .send(
          stopPage(
            status.stopped
              ? `You will get no more text messages from ${status.company}.`
              : `Stop text messages from ${status.company}?`,
            !status.stopped,
          ),
        );
    },
  );

  // The page's form posts URL-encoded, as a browser does without script.
  void app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>() as App;
    acceptUrlEncoded(scope);
    scope.post(
      '/t/:token',
      { config: stopRoute, schema: { hide: true, params: tokenParams } },
      async (request, reply) => {
        const status = await stopTexts(ctx, request.params.token);
        return reply
          .type('text/html; charset=utf-8')
          .send(
            stopPage(
              `You will get no more text messages from ${status.company}.`,
              false,
            ),
          );
      },
    );

    // The HTTP provider's status callback: signed by the provider with the auth token, so
    // neither a session nor a CSRF token; a forged or replayed-elsewhere call is refused.
    const provider = ctx.config.smsHttp;
    if (provider)
      scope.post(
        STATUS_CALLBACK_PATH,
        {
          config: { access: 'public', csrf: false },
          schema: {
            hide: true,
            body: z.record(z.string(), z.string()),
          },
        },
        async (request, reply) => {
          const signature = request.headers['x-twilio-signature'];
          if (
            typeof signature !== 'string' ||
            !isProviderSignature({
              token: provider.token,
              url: `${ctx.config.publicUrl}${STATUS_CALLBACK_PATH}`,
              fields: request.body,
              signature,
            })
          )
            throw new AppError('forbidden', 'The signature does not match.');
          const news = readStatusCallback(request.body);
          if (news) await recordTextReceipt(ctx.db, news);
          return reply.code(204).send();
        },
      );
  });

  // Without a gateway, development writes texts as files; the dev mail page lists them.
  if (
    ctx.config.env !== 'production' &&
    !ctx.config.smpp &&
    !ctx.config.smsHttp
  )
    app.get(
      '/api/dev/sms',
      {
        config: { access: 'company-user' },
        schema: {
          tags: ['dev'],
          response: { 200: devSmsListSchema },
        },
      },
      async (request) => {
        const { companyId } = companyUserOf(request);
        const rows = await listCompanyTexts(ctx.db, companyId, 200);
        return {
          results: rows.map((row) => ({
            id: Number(row.id),
            to: row.to_phone,
            body: row.body,
            status: row.status === 'sending' ? 'queued' : row.status,
            created_at: new Date(row.created_at).toISOString(),
          })),
        };
      },
    );
}

function stopPage(message: string, ask: boolean): string {
  const form = ask
    ? '<form method="post"><button type="submit">Stop text messages</button></form>'
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Text messages</title></head><body><main><h1>${escapeHtml(message)}</h1>${form}</main></body></html>`;
}
