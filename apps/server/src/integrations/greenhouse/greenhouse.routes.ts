import {
  greenhouseAcknowledgedSchema,
  greenhouseConnectionSchema,
  greenhouseErrorSchema,
  greenhouseKeyCreatedSchema,
  greenhouseResponseErrorSchema,
  greenhouseSendTestReplySchema,
  greenhouseSendTestSchema,
  greenhouseSettingsSchema,
  greenhouseTestListSchema,
  greenhouseTestStatusQuerySchema,
  greenhouseTestStatusSchema,
} from '@candor/domain';
import type { FastifyError, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { companyOf } from '../../platform/access/access-rule';
import type { App } from '../../platform/http/app-types';
import { AppError } from '../../platform/http/errors';
import { findCaller, type IntegrationCaller } from '../shared/integration-keys';
import { recordCall } from '../shared/integration-keys.repository';
import {
  createGreenhouseKey,
  listTests,
  readConnection,
  revokeGreenhouseKey,
  sendTest,
  setSendRatings,
  testStatus,
} from './greenhouse.service';

export const GREENHOUSE_BASE = '/api/integrations/greenhouse';
export const INVALID_GREENHOUSE_KEY =
  'This Greenhouse key is not valid, or it was revoked: create a new one in Candor under Company settings → Integrations.';
const tags = ['greenhouse'];
const errors = {
  400: greenhouseErrorSchema,
  401: greenhouseErrorSchema,
  404: greenhouseErrorSchema,
  409: greenhouseErrorSchema,
};
const refusal = (errors: string[]) => ({
  errors,
  message: errors[0] ?? 'The call was refused.',
});
const companyParams = z.object({ shortname: z.string().min(1).max(100) });

/**
 * Greenhouse's Assessment Partner API, hosted by Candor (docs/decisions/190-ats-connectors.md):
 * HTTP Basic with the company's key as username, every call logged for the company's admins,
 * and every refusal in the shape of Greenhouse's own error reports, `{ "errors": [...] }` (and `message`).
 */
export function registerGreenhouseRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  void app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>() as App;
    const callers = new WeakMap<FastifyRequest, IntegrationCaller>();
    const callerOf = (request: FastifyRequest): IntegrationCaller => {
      const caller = callers.get(request);
      if (!caller) throw new AppError('unauthorized', INVALID_GREENHOUSE_KEY);
      return caller;
    };

    scope.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        if (error.statusCode === 401)
          reply.header('www-authenticate', 'Basic realm="Candor"');
        return reply.status(error.statusCode).send(refusal([error.message]));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.status(400).send(
          refusal(
            error.validation.map((issue) => {
              const path = issue.instancePath
                .replace(/^\//, '')
                .replace(/\//g, '.');
              return `${path || 'body'}: ${issue.message ?? 'is not valid'}`;
            }),
          ),
        );
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500)
        return reply.status(status).send(refusal([error.message]));
      request.log.error({ err: error }, 'Greenhouse call failed');
      return reply
        .status(500)
        .send(
          refusal(['Candor could not answer this call: try again in a while.']),
        );
    });

    // The key first: a stranger learns nothing, not even whether the body would have been read.
    scope.addHook('onRequest', async (request) => {
      const caller = await findCaller(db, {
        provider: 'greenhouse',
        authorization: request.headers.authorization,
      });
      if (!caller) throw new AppError('unauthorized', INVALID_GREENHOUSE_KEY);
      callers.set(request, caller);
    });

    scope.addHook('onSend', async (request, reply, payload) => {
      const caller = callers.get(request);
      if (!caller) return payload;
      try {
        await recordCall(db, {
          keyId: caller.id,
          companyId: caller.company_id,
          provider: 'greenhouse',
          endpoint:
            (request.routeOptions.url ?? request.url)
              .split('?')[0]
              ?.split('/')
              .pop()
              ?.slice(0, 100) ?? '',
          status: reply.statusCode,
        });
      } catch (error) {
        // The reply matters more than its log line.
        request.log.warn({ err: error }, 'Greenhouse call not logged');
      }
      return payload;
    });

    const config = { access: 'public' as const, csrf: false as const };

    scope.get(
      `${GREENHOUSE_BASE}/list_tests`,
      {
        config,
        schema: {
          tags,
          summary: 'Greenhouse: the company’s published interviews as tests',
          response: { 200: greenhouseTestListSchema, ...errors },
        },
      },
      async (request) => listTests(ctx, callerOf(request)),
    );

    scope.post(
      `${GREENHOUSE_BASE}/send_test`,
      {
        config,
        schema: {
          tags,
          summary:
            'Greenhouse: add the candidate to the interview and invite them, once per application',
          body: greenhouseSendTestSchema,
          response: { 200: greenhouseSendTestReplySchema, ...errors },
        },
      },
      async (request) => sendTest(ctx, callerOf(request), request.body),
    );

    scope.get(
      `${GREENHOUSE_BASE}/test_status`,
      {
        config,
        schema: {
          tags,
          summary:
            'Greenhouse: where the interviewee is, in Greenhouse’s words',
          querystring: greenhouseTestStatusQuerySchema,
          response: { 200: greenhouseTestStatusSchema, ...errors },
        },
      },
      async (request) =>
        testStatus(ctx, callerOf(request), request.query.partner_interview_id),
    );

    scope.post(
      `${GREENHOUSE_BASE}/response_error`,
      {
        config,
        schema: {
          tags,
          summary:
            'Greenhouse: an answer of Candor’s that Greenhouse could not read',
          body: greenhouseResponseErrorSchema,
          response: { 200: greenhouseAcknowledgedSchema, ...errors },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        // For Candor's operators: the fault is in Candor's answer, not in the company's data.
        request.log.warn(
          {
            companyId: caller.company_id,
            apiCall: request.body.api_call,
            errors: request.body.errors,
            partnerTestId: request.body.partner_test_id,
            partnerInterviewId: request.body.partner_interview_id,
          },
          'Greenhouse reported a malformed response',
        );
        return { status: 200 };
      },
    );
  });

  // The company's side: its admins only, and never with an API key.
  const base = '/api/companies/:shortname/integrations/greenhouse';
  const adminConfig = { access: { company: 'admin' as const } };

  app.get(
    base,
    {
      config: adminConfig,
      schema: {
        tags,
        summary: 'The Greenhouse integration and its recent calls (admins)',
        params: companyParams,
        response: { 200: greenhouseConnectionSchema },
      },
    },
    async (request) => readConnection(ctx, companyOf(request).company.id),
  );

  app.post(
    base,
    {
      config: adminConfig,
      schema: {
        tags,
        summary:
          'Turn Greenhouse on or give it a new key; the reply is the only time the key is sent',
        params: companyParams,
        response: { 201: greenhouseKeyCreatedSchema },
      },
    },
    async (request, reply) => {
      const created = await createGreenhouseKey(ctx, companyOf(request));
      return reply.status(201).send(created);
    },
  );

  app.patch(
    base,
    {
      config: adminConfig,
      schema: {
        tags,
        summary: 'Choose whether ratings go back to Greenhouse',
        params: companyParams,
        body: greenhouseSettingsSchema,
        response: { 200: greenhouseConnectionSchema },
      },
    },
    async (request) =>
      setSendRatings(ctx, {
        caller: companyOf(request),
        sendRatings: request.body.send_ratings,
      }),
  );

  app.delete(
    base,
    {
      config: adminConfig,
      schema: {
        tags,
        summary: 'Turn Greenhouse off: its key is refused from the next call',
        params: companyParams,
      },
    },
    async (request, reply) => {
      await revokeGreenhouseKey(ctx, companyOf(request));
      return reply.status(204).send();
    },
  );
}
