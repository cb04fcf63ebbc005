import {
  pathId,
  joinAcceptSchema,
  joinInvitationSchema,
  memberInviteSchema,
  memberListSchema,
  memberSchema,
  membersQuerySchema,
  memberUpdateSchema,
  signedInReplySchema,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { companyOf } from '../../platform/access/access-rule';
import type { App } from '../../platform/http/app-types';
import { pagedReply } from '../../platform/http/paging';
import { originOf } from '../../platform/http/request-origin';
import { acceptInvitation, readInvitation } from './join.service';
import {
  changeMemberRole,
  inviteMember,
  readMember,
  removeMember,
  toMember,
} from './team.service';
import { countTeam, listTeam } from './team.repository';

const teamParams = z.object({ shortname: z.string().min(1).max(100) });
const memberParams = teamParams.extend({ id: pathId });
const tokenParams = z.object({ token: z.string().min(10).max(100) });
const base = '/api/companies/:shortname/members';
const tags = ['team'];

/** The company's team and the join links of its invitations (docs/decisions/119-team.md). */
export function registerTeamRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  app.get(
    base,
    {
      config: { access: { company: 'member' } },
      schema: {
        tags,
        params: teamParams,
        querystring: membersQuerySchema,
        response: { 200: memberListSchema },
      },
    },
    async (request) => {
      const caller = companyOf(request);
      const { page, page_size } = request.query;
      const companyId = caller.company.id;
      const [rows, count] = await Promise.all([
        listTeam(db, {
          companyId,
          limit: page_size,
          offset: (page - 1) * page_size,
        }),
        countTeam(db, companyId),
      ]);
      return {
        ...pagedReply(request, {
          count,
          page,
          page_size,
          results: rows.map((row) => toMember(row, caller.user.id)),
        }),
        can_manage: caller.role === 'admin',
      };
    },
  );

  app.post(
    base,
    {
      config: { access: { company: 'admin' } },
      schema: {
        tags,
        params: teamParams,
        body: memberInviteSchema,
        response: { 200: memberSchema, 201: memberSchema },
      },
    },
    async (request, reply) => {
      const caller = companyOf(request);
      const { memberId, renewed } = await inviteMember(ctx, {
        caller,
        input: request.body,
        origin: originOf(request),
      });
      return reply
        .status(renewed ? 200 : 201)
        .send(await readMember(db, caller, memberId));
    },
  );

  app.patch(
    `${base}/:id`,
    {
      config: { access: { company: 'admin' } },
      schema: {
        tags,
        params: memberParams,
        body: memberUpdateSchema,
        response: { 200: memberSchema },
      },
    },
    async (request) => {
      const caller = companyOf(request);
      await changeMemberRole(db, {
        caller,
        memberId: request.params.id,
        role: request.body.role,
        origin: originOf(request),
      });
      return readMember(db, caller, request.params.id);
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: { company: 'admin' } },
      schema: { tags, params: memberParams },
    },
    async (request, reply) => {
      const caller = companyOf(request);
      const userId = await removeMember(db, {
        caller,
        memberId: request.params.id,
        origin: originOf(request),
      });
      // This process forgets their sessions now; the reply waits until every server has heard.
      app.sessions.forgetUser(request, userId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/join/:token',
    {
      config: {
        access: 'public',
        rateLimit: { max: 60, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        params: tokenParams,
        response: { 200: joinInvitationSchema },
      },
    },
    async (request) =>
      readInvitation(db, { token: request.params.token, caller: request.user }),
  );

  app.post(
    '/api/join/:token',
    {
      // Each try may hash a password.
      config: {
        access: 'public',
        rateLimit: { max: 20, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        params: tokenParams,
        body: joinAcceptSchema,
        response: { 200: signedInReplySchema },
      },
    },
    async (request, reply) => {
      const { userId, signIn } = await acceptInvitation(db, {
        token: request.params.token,
        body: request.body,
        caller: request.user,
      });
      if (signIn) {
        if (request.sessionId) await app.sessions.end(request, reply);
        await app.sessions.start(reply, userId);
      }
      return { status: 'OK' } as const;
    },
  );
}
