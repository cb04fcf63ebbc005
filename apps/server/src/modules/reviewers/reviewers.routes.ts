import {
  REVIEWER_INVITED_STATUS,
  companyReviewerSchema,
  companyReviewersQuerySchema,
  pagedSchema,
  reviewerCreateSchema,
  reviewerInvitationAcceptSchema,
  reviewerInvitationAcceptedSchema,
  reviewerInvitationSchema,
  reviewerInviteReplySchema,
  reviewerSchema,
  reviewerUpdateSchema,
} from '@candor/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import {
  companyUserOf,
  jobAccessOf,
  userOf,
} from '../../platform/access/access-rule';
import type { App } from '../../platform/http/app-types';
import { pagedReply } from '../../platform/http/paging';
import { listCompanyReviewers } from './reviewers.repository';
import {
  acceptInvitation,
  inviteReviewer,
  readInvitation,
} from './reviewer-invitations.service';
import {
  addReviewer,
  changeReviewer,
  jobReviewer,
  jobReviewers,
  removeReviewer,
} from './reviewers.service';
import { jobParams, jobItemParams } from '../../platform/http/path-params';
import { originOf } from '../../platform/http/request-origin';

const tokenParams = z.object({ token: z.string().min(10).max(100) });
const tags = ['reviewers'];

export function registerReviewerRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  app.get(
    '/api/reviewers',
    {
      config: { access: 'company-user' },
      schema: {
        tags,
        querystring: companyReviewersQuerySchema,
        response: { 200: pagedSchema(companyReviewerSchema) },
      },
    },
    async (request) => {
      const { companyId } = companyUserOf(request);
      const { page, page_size, not_job, first_name, last_name, email } =
        request.query;
      const { rows, count } = await listCompanyReviewers(db, {
        companyId,
        notJob: not_job,
        firstName: first_name,
        lastName: last_name,
        email,
        page,
        pageSize: page_size,
      });
      // As the company knows each person: the account's id only once they accepted.
      const results = rows.map((row) => {
        const accepted = row.accepted === 1 || row.holds_account;
        return {
          id: row.id,
          user: {
            id: accepted ? row.user_id : null,
            full_name: `${row.first_name} ${row.last_name}`.trim(),
          },
          first_name: row.first_name,
          last_name: row.last_name,
          email: row.email,
          account_status: accepted ? 1 : 0,
          is_system: row.is_system,
        };
      });
      return pagedReply(request, {
        count,
        page,
        page_size,
        results,
      });
    },
  );

  app.get(
    '/api/jobs/:job/reviewers',
    {
      config: { access: { job: 'manage' } },
      schema: {
        tags,
        params: jobParams,
        response: { 200: z.array(reviewerSchema) },
      },
    },
    async (request) => {
      const access = jobAccessOf(request);
      return jobReviewers(db, access.job.id);
    },
  );

  app.post(
    '/api/jobs/:job/reviewers',
    {
      config: { access: { job: 'manage' } },
      schema: {
        tags,
        params: jobParams,
        body: reviewerCreateSchema,
        response: { 201: reviewerSchema },
      },
    },
    async (request, reply) => {
      const access = jobAccessOf(request);
      const reviewerId = await addReviewer(db, {
        job: access.job,
        actorId: access.userId,
        input: request.body,
        origin: originOf(request),
      });
      return reply
        .status(201)
        .send(await jobReviewer(db, { jobId: access.job.id, reviewerId }));
    },
  );

  app.patch(
    '/api/jobs/:job/reviewers/:id',
    {
      config: { access: { job: 'manage' } },
      schema: {
        tags,
        params: jobItemParams,
        body: reviewerUpdateSchema,
        response: { 200: reviewerSchema },
      },
    },
    async (request) => {
      const access = jobAccessOf(request);
      await changeReviewer(db, {
        job: access.job,
        reviewerId: request.params.id,
        change: request.body,
        origin: originOf(request),
      });
      return jobReviewer(db, {
        jobId: access.job.id,
        reviewerId: request.params.id,
      });
    },
  );

  app.post(
    '/api/jobs/:job/reviewers/:id/invite',
    {
      config: { access: { job: 'manage' } },
      schema: {
        tags,
        params: jobItemParams,
        response: { 200: reviewerInviteReplySchema },
      },
    },
    async (request) => {
      await inviteReviewer(ctx, {
        job: jobAccessOf(request).job,
        actor: userOf(request),
        reviewerId: request.params.id,
        origin: originOf(request),
      });
      return { status: REVIEWER_INVITED_STATUS } as const;
    },
  );

  app.delete(
    '/api/jobs/:job/reviewers/:id',
    {
      config: { access: { job: 'manage' } },
      schema: { tags, params: jobItemParams },
    },
    async (request, reply) => {
      const access = jobAccessOf(request);
      await removeReviewer(db, {
        job: access.job,
        actorId: access.userId,
        reviewerId: request.params.id,
        origin: originOf(request),
      });
      return reply.status(204).send();
    },
  );

  // The invitation link: whoever holds it sees whom it invites; accepting is the invitee's.
  app.get(
    '/api/reviewer-invite/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        params: tokenParams,
        response: { 200: reviewerInvitationSchema },
      },
    },
    async (request) =>
      readInvitation(db, { token: request.params.token, caller: request.user }),
  );

  app.post(
    '/api/reviewer-invite/:token',
    {
      // Per client and link: each try of a new password costs a hash.
      config: {
        access: 'public',
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) =>
            `reviewer-invite:${request.ip}:${(request.params as { token?: string }).token ?? ''}`,
        },
      },
      schema: {
        tags,
        params: tokenParams,
        body: reviewerInvitationAcceptSchema,
        response: { 200: reviewerInvitationAcceptedSchema },
      },
    },
    async (request, reply) => {
      const accepted = await acceptInvitation(db, {
        token: request.params.token,
        caller: request.user,
        input: request.body,
      });
      if (accepted.startSession) {
        if (request.sessionId) await app.sessions.end(request, reply);
        await app.sessions.start(reply, accepted.userId);
      }
      return { status: 'OK', job_id: accepted.jobId } as const;
    },
  );
}
