import {
  applicationListQuerySchema,
  applicationListSchema,
  applicationSchema,
  createApplicationsBodySchema,
  createApplicationsErrorSchema,
  createApplicationsReplySchema,
  type BulkRowError,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { jobAccessOf } from '../../platform/access/access-rule';
import { readSmallForm } from '../../platform/files/multipart';
import type { App } from '../../platform/http/app-types';
import { AppError } from '../../platform/http/errors';
import { pagedReply } from '../../platform/http/paging';
import {
  CV_LIMIT_BYTES,
  RowErrors,
  applicationReply,
  changeApplicationState,
  createApplications,
  listJobApplications,
  nextApplicationReply,
  saveCv,
  type StateAction,
} from './applications.service';
import { jobParams, jobItemParams } from '../../platform/http/path-params';
import { originOf } from '../../platform/http/request-origin';

const STATE_ACTIONS = [
  'shortlist',
  'unshortlist',
  'reject',
  'archive',
  'unarchive',
  'reviewed',
] as const;

export function registerApplicationRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/jobs/:job/applications',
    {
      config: { access: { job: 'review' }, apiKey: 'read' },
      schema: {
        tags: ['applications'],
        params: jobParams,
        querystring: applicationListQuerySchema,
        response: { 200: applicationListSchema },
      },
    },
    async (request) => {
      const access = jobAccessOf(request);
      const { page, page_size } = request.query;
      const list = await listJobApplications(ctx, access, request.query);
      return {
        ...pagedReply(request, {
          count: list.count,
          page,
          page_size,
          results: list.results,
        }),
        filters: list.filters,
        stages: list.stages,
      };
    },
  );

  app.get(
    '/api/jobs/:job/applications/:id',
    {
      config: { access: { job: 'review' }, apiKey: 'read' },
      schema: {
        tags: ['applications'],
        params: jobItemParams,
        response: { 200: applicationSchema },
      },
    },
    async (request) => {
      const access = jobAccessOf(request);
      return applicationReply(ctx, access, request.params.id);
    },
  );

  app.get(
    '/api/jobs/:job/applications/:id/next',
    {
      config: { access: { job: 'review' } },
      schema: {
        tags: ['applications'],
        params: jobItemParams,
        response: { 200: z.object({ next: applicationSchema.nullable() }) },
      },
    },
    async (request) => {
      const access = jobAccessOf(request);
      return nextApplicationReply(ctx, access, request.params.id);
    },
  );

  app.post(
    '/api/jobs/:job/applications',
    {
      config: { access: { job: 'manage' }, apiKey: 'write' },
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags: ['applications'],
        params: jobParams,
        body: createApplicationsBodySchema,
        response: {
          201: createApplicationsReplySchema,
          400: createApplicationsErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const access = jobAccessOf(request);
      try {
        const result = await createApplications(ctx, access, request.body);
        return reply.status(201).send(result);
      } catch (error) {
        if (!(error instanceof RowErrors)) throw error;
        // One applicant: its field messages as `fields`, like any other form. A list: the same
        // messages keyed "{row}.{field}" (and "{row}" for a general one) beside `errors`.
        const single = !Array.isArray(request.body);
        const fields = single
          ? (error.errors[0]?.user ?? {})
          : rowFields(error.errors);
        return reply.status(400).send({
          message: single
            ? (Object.values(fields)[0]?.[0] ?? error.message)
            : error.message,
          code: 'bad_request',
          errors: error.errors,
          fields,
        });
      }
    },
  );

  app.post(
    '/api/jobs/:job/applications/:id',
    {
      config: { access: { job: 'manage' } },
      schema: {
        tags: ['applications'],
        params: jobItemParams,
        response: { 200: applicationSchema },
      },
    },
    async (request) => {
      const access = jobAccessOf(request);
      const form = await readSmallForm(request, {
        maxFileBytes: CV_LIMIT_BYTES,
        tooLargeMessage: 'The CV must be 10 MB or smaller.',
      });
      const file = form.files.find((part) => part.fieldname === 'cv');
      if (!file)
        throw new AppError('bad_request', 'Choose a CV file to upload.', {
          cv: ['Choose a CV file to upload.'],
        });
      return saveCv(ctx, access, request.params.id, file);
    },
  );

  for (const action of STATE_ACTIONS) {
    app.post(
      `/api/jobs/:job/applications/:id/${action}`,
      {
        config: {
          access: {
            job:
              action === 'archive' || action === 'unarchive'
                ? 'manage'
                : 'review',
          },
        },
        schema: {
          tags: ['applications'],
          params: jobItemParams,
          response: { 200: applicationSchema },
        },
      },
      async (request) => {
        const access = jobAccessOf(request);
        const result = await changeApplicationState(
          ctx,
          access,
          request.params.id,
          action satisfies StateAction,
          originOf(request),
        );
        if (!result)
          throw new AppError('not_found', 'This interviewee was not found.');
        return result;
      },
    );
  }

  app.delete(
    '/api/jobs/:job/applications/:id',
    {
      config: { access: { job: 'manage' } },
      schema: { tags: ['applications'], params: jobItemParams },
    },
    async (request, reply) => {
      const access = jobAccessOf(request);
      await changeApplicationState(
        ctx,
        access,
        request.params.id,
        'delete',
        originOf(request),
      );
      return reply.status(204).send();
    },
  );
}

function rowFields(errors: BulkRowError[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const error of errors) {
    if (error.general) fields[String(error.row)] = [error.general];
    for (const [field, messages] of Object.entries(error.user ?? {}))
      fields[`${error.row}.${field}`] = messages;
  }
  return fields;
}
