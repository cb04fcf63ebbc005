import {
  pathId,
  jobCreateSchema,
  jobEditFactsSchema,
  jobListQuerySchema,
  jobListSchema,
  jobSchema,
  jobUpdateSchema,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireCompanyUser, requireUser } from '../../platform/auth/guards';
import type { App } from '../../platform/http/app-types';
import { AppError, notFound } from '../../platform/http/errors';
import { pagedReply } from '../../platform/http/paging';
import { findJobEditFacts } from './job-edit-facts.repository';
import { listJobRows, type JobListScope } from './jobs.repository';
import {
  applyJobAction,
  changeJob,
  copyJob,
  createJob,
  jobReply,
  removeJob,
  requireJobManage,
  requireJobRead,
  toJobReplies,
  viewerOf,
} from './jobs.service';
import { findCompanyById } from '../companies/companies.repository';

const jobIdParams = z.object({ id: pathId });

export function registerJobRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  app.get(
    '/api/jobs',
    {
      config: { apiKey: 'read' },
      schema: {
        tags: ['jobs'],
        querystring: jobListQuerySchema,
        response: { 200: jobListSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const query = request.query;
      const scope = listScope(user, query);
      const viewer = viewerOf(user);
      const { rows, count, toReview } = await listJobRows(db, {
        viewer,
        scope,
        query,
      });
      const results = await toJobReplies(ctx, viewer, rows);
      return {
        ...pagedReply(request, {
          count,
          page: query.page,
          page_size: query.page_size,
          results,
        }),
        to_review: toReview,
      };
    },
  );

  app.post(
    '/api/jobs',
    {
      config: { apiKey: 'write' },
      schema: {
        tags: ['jobs'],
        body: jobCreateSchema,
        response: { 201: jobSchema },
      },
    },
    async (request, reply) => {
      const user = requireCompanyUser(request);
      const id = await createJob(ctx, user, request.body);
      return reply.status(201).send(await jobReply(ctx, user, id));
    },
  );

  app.get(
    '/api/jobs/:id',
    {
      config: { apiKey: 'read' },
      schema: {
        tags: ['jobs'],
        params: jobIdParams,
        response: { 200: jobSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const job = await requireJobRead(db, user, request.params.id);
      return jobReply(ctx, user, job.id);
    },
  );

  app.patch(
    '/api/jobs/:id',
    {
      config: { apiKey: 'write' },
      schema: {
        tags: ['jobs'],
        params: jobIdParams,
        body: jobUpdateSchema,
        response: { 200: jobSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const job = await requireJobManage(db, user, request.params.id);
      await changeJob(ctx, user, job, request.body);
      return jobReply(ctx, user, job.id);
    },
  );

  // What fixes parts of the interview, so the editing pages lock what the server would refuse.
  app.get(
    '/api/jobs/:id/edit-facts',
    {
      schema: {
        tags: ['jobs'],
        params: jobIdParams,
        response: { 200: jobEditFactsSchema },
      },
    },
    async (request) => {
      const job = await requireJobManage(
        db,
        requireUser(request),
        request.params.id,
      );
      return findJobEditFacts(db, job.id);
    },
  );

  app.delete(
    '/api/jobs/:id',
    { schema: { tags: ['jobs'], params: jobIdParams } },
    async (request, reply) => {
      const user = requireUser(request);
      const job = await requireJobManage(db, user, request.params.id);
      await removeJob(ctx, user, job);
      return reply.status(204).send();
    },
  );

  for (const action of ['publish', 'archive', 'unarchive'] as const) {
    app.post(
      `/api/jobs/:id/${action}`,
      {
        config: { apiKey: 'write' },
        schema: {
          tags: ['jobs'],
          params: jobIdParams,
          response: { 200: jobSchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const job = await requireJobManage(db, user, request.params.id);
        await applyJobAction(ctx, user, job, action);
        return jobReply(ctx, user, job.id);
      },
    );
  }

  app.post(
    '/api/jobs/:id/copy',
    {
      config: { apiKey: 'write' },
      schema: {
        tags: ['jobs'],
        params: jobIdParams,
        response: { 201: jobSchema },
      },
    },
    async (request, reply) => {
      const user = requireCompanyUser(request);
      const source = await requireJobRead(db, user, request.params.id);
      // A reviewer row on another company's job gives read access, not the right to copy it.
      if (source.company_id !== user.companyId)
        await requireTemplate(ctx, source.company_id);
      const id = await copyJob(ctx, user, source);
      return reply.status(201).send(await jobReply(ctx, user, id));
    },
  );
}

async function requireTemplate(
  ctx: AppContext,
  companyId: number,
): Promise<void> {
  const company = await findCompanyById(ctx.db, companyId);
  if (!company?.is_templates) throw notFound('This interview');
}

function listScope(
  user: ReturnType<typeof requireUser>,
  query: z.infer<typeof jobListQuerySchema>,
): JobListScope {
  if (query.public) return { kind: 'public' };
  if (query.company === 'templates') {
    requireCompanyUserOf(user);
    return { kind: 'templates' };
  }
  if (user.current_company_id === null)
    return { kind: 'reviewer', userId: user.id };
  return {
    kind: 'company',
    companyId: user.current_company_id,
    userId: user.id,
    filter: query.filter,
  };
}

function requireCompanyUserOf(user: ReturnType<typeof requireUser>): void {
  if (user.current_company_id === null) {
    throw new AppError('forbidden', 'Only company users can do this.');
  }
}
