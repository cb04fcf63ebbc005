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
import {
  companyUserOf,
  jobOf,
  userOf,
} from '../../platform/access/access-rule';
import type { SessionUser } from '../../platform/auth/session';
import type { App } from '../../platform/http/app-types';
import { AppError } from '../../platform/http/errors';
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
  toJobReplies,
  viewerOf,
} from './jobs.service';

const jobIdParams = z.object({ id: pathId });

export function registerJobRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  app.get(
    '/api/jobs',
    {
      config: { access: 'signed-in', apiKey: 'read' },
      schema: {
        tags: ['jobs'],
        querystring: jobListQuerySchema,
        response: { 200: jobListSchema },
      },
    },
    async (request) => {
      const user = userOf(request);
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
      config: { access: 'company-user', apiKey: 'write' },
      schema: {
        tags: ['jobs'],
        body: jobCreateSchema,
        response: { 201: jobSchema },
      },
    },
    async (request, reply) => {
      const user = companyUserOf(request);
      const id = await createJob(ctx, user, request.body);
      return reply.status(201).send(await jobReply(ctx, user, id));
    },
  );

  app.get(
    '/api/jobs/:id',
    {
      config: { access: { job: 'read' }, apiKey: 'read' },
      schema: {
        tags: ['jobs'],
        params: jobIdParams,
        response: { 200: jobSchema },
      },
    },
    async (request) => jobReply(ctx, userOf(request), jobOf(request).id),
  );

  app.patch(
    '/api/jobs/:id',
    {
      config: { access: { job: 'manage' }, apiKey: 'write' },
      schema: {
        tags: ['jobs'],
        params: jobIdParams,
        body: jobUpdateSchema,
        response: { 200: jobSchema },
      },
    },
    async (request) => {
      const user = userOf(request);
      const job = jobOf(request);
      await changeJob(ctx, user, job, request.body);
      return jobReply(ctx, user, job.id);
    },
  );

  // What fixes parts of the interview, so the editing pages lock what the server would refuse.
  app.get(
    '/api/jobs/:id/edit-facts',
    {
      config: { access: { job: 'manage' } },
      schema: {
        tags: ['jobs'],
        params: jobIdParams,
        response: { 200: jobEditFactsSchema },
      },
    },
    async (request) => findJobEditFacts(db, jobOf(request).id),
  );

  app.delete(
    '/api/jobs/:id',
    {
      config: { access: { job: 'manage' } },
      schema: { tags: ['jobs'], params: jobIdParams },
    },
    async (request, reply) => {
      await removeJob(ctx, userOf(request), jobOf(request));
      return reply.status(204).send();
    },
  );

  for (const action of ['publish', 'archive', 'unarchive'] as const) {
    app.post(
      `/api/jobs/:id/${action}`,
      {
        config: { access: { job: 'manage' }, apiKey: 'write' },
        schema: {
          tags: ['jobs'],
          params: jobIdParams,
          response: { 200: jobSchema },
        },
      },
      async (request) => {
        const user = userOf(request);
        const job = jobOf(request);
        await applyJobAction(ctx, user, job, action);
        return jobReply(ctx, user, job.id);
      },
    );
  }

  app.post(
    '/api/jobs/:id/copy',
    {
      config: { access: { job: 'copy' }, apiKey: 'write' },
      schema: {
        tags: ['jobs'],
        params: jobIdParams,
        response: { 201: jobSchema },
      },
    },
    async (request, reply) => {
      const user = companyUserOf(request);
      const id = await copyJob(ctx, user, jobOf(request));
      return reply.status(201).send(await jobReply(ctx, user, id));
    },
  );
}

function listScope(
  user: SessionUser,
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

// The templates are listed to company users only: a rule of the query, not of the path.
function requireCompanyUserOf(user: SessionUser): void {
  if (user.current_company_id === null) {
    throw new AppError('forbidden', 'Only company users can do this.');
  }
}
