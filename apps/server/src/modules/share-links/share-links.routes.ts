import {
  shareCodeRequestSchema,
  shareCodeVerifySchema,
  shareLinkCreateSchema,
  shareLinkCreatedSchema,
  shareLinkListSchema,
  sharedCandidateSchema,
  pathId,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { jobAccessOf } from '../../platform/access/access-rule';
import type { App } from '../../platform/http/app-types';
import { notFound } from '../../platform/http/errors';
import { jobItemParams } from '../../platform/http/path-params';
import { findJobApplication } from '../reviews/reviews.repository';
import { listApplicationShareLinks } from './share-links.repository';
import {
  SHARE_ACCESS_COOKIE,
  createShareLink,
  hasShareAccess,
  recordShareLinkView,
  requireOpenShareLink,
  revokeApplicationShareLink,
  sendShareCode,
  shareAccessToken,
  sharedCompany,
  toShareLink,
  verifyShareCode,
} from './share-links.service';
import { buildSharedPage } from './shared-page';

const tags = ['share-links'];
const keyParams = z.object({ key: z.string().min(1).max(100) });
const PUBLIC_READ_LIMIT = { max: 60, timeWindow: '1 minute' };
// Per address; the inbox itself is guarded per link and hour (SHARE_CODES_PER_HOUR).
const CODE_LIMIT = { max: 10, timeWindow: '1 minute' };
const VERIFY_LIMIT = { max: 10, timeWindow: '1 minute' };

/**
 * Share links (decision 153): company users share one interviewee as a read-only page; the
 * page itself is public, reached by the link's key.
 */
export function registerShareLinkRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  const secure = ctx.config.publicUrl.startsWith('https://');

  /**
   * Sharing is for company users (the routes' `manage` rule: 403 to reviewers); another
   * company's interviewee, or one of another job, is 404.
   */
  const requireSharable = async (
    request: Parameters<typeof jobAccessOf>[0],
    applicationId: number,
  ) => {
    const access = jobAccessOf(request);
    const application = await findJobApplication(db, {
      jobId: access.job.id,
      applicationId,
    });
    if (!application) throw notFound('This interviewee');
    return { access, application };
  };

  app.get(
    '/api/jobs/:job/applications/:id/share-links',
    {
      config: { access: { job: 'manage' } },
      schema: {
        tags,
        params: jobItemParams,
        response: { 200: shareLinkListSchema },
      },
    },
    async (request) => {
      const { application } = await requireSharable(request, request.params.id);
      const rows = await listApplicationShareLinks(db, {
        applicationId: application.id,
      });
      const now = new Date();
      return { results: rows.map((row) => toShareLink(row, now)) };
    },
  );

  app.post(
    '/api/jobs/:job/applications/:id/share-links',
    {
      config: { access: { job: 'manage' } },
      schema: {
        tags,
        params: jobItemParams,
        body: shareLinkCreateSchema,
        response: { 201: shareLinkCreatedSchema },
      },
    },
    async (request, reply) => {
      const { access, application } = await requireSharable(
        request,
        request.params.id,
      );
      const { link, url } = await createShareLink(ctx, {
        access,
        applicationId: application.id,
        body: request.body,
      });
      return reply.status(201).send({ ...link, url });
    },
  );

  app.delete(
    '/api/jobs/:job/applications/:id/share-links/:link',
    {
      config: { access: { job: 'manage' } },
      schema: {
        tags,
        params: jobItemParams.extend({ link: pathId }),
      },
    },
    async (request, reply) => {
      const { access, application } = await requireSharable(
        request,
        request.params.id,
      );
      await revokeApplicationShareLink(db, {
        access,
        applicationId: application.id,
        linkId: request.params.link,
      });
      return reply.status(204).send();
    },
  );

  // The public side. Crawlers are told to keep out, and nothing sends the key onwards in a
  // Referer (the global Referrer-Policy is no-referrer; set here too so it cannot drift).
  app.addHook('onRequest', (request, reply, done) => {
    if (/^\/(api\/)?shared\//.test(request.url)) {
      reply.header('X-Robots-Tag', 'noindex, nofollow');
      reply.header('Referrer-Policy', 'no-referrer');
      reply.header('Cache-Control', 'no-store');
    }
    done();
  });

  app.get(
    '/api/shared/:key',
    {
      config: { access: 'public', rateLimit: PUBLIC_READ_LIMIT },
      schema: {
        tags,
        params: keyParams,
        response: { 200: sharedCandidateSchema },
      },
    },
    async (request) => {
      const link = await requireOpenShareLink(db, request.params.key);
      if (
        link.email &&
        !hasShareAccess(
          ctx.config.signingSecret,
          link,
          request.cookies[SHARE_ACCESS_COOKIE],
        )
      )
        return { status: 'locked' as const, company: sharedCompany(link) };
      await recordShareLinkView(db, link);
      return buildSharedPage(ctx, link);
    },
  );

  app.post(
    '/api/shared/:key/code',
    {
      config: { access: 'public', rateLimit: CODE_LIMIT },
      schema: {
        tags,
        params: keyParams,
        body: shareCodeRequestSchema,
      },
    },
    async (request, reply) => {
      const link = await requireOpenShareLink(db, request.params.key);
      await sendShareCode(ctx, {
        link,
        email: request.body.email,
        locale: request.body.locale,
      });
      return reply.status(202).send();
    },
  );

  app.post(
    '/api/shared/:key/verify',
    {
      config: { access: 'public', rateLimit: VERIFY_LIMIT },
      schema: {
        tags,
        params: keyParams,
        body: shareCodeVerifySchema,
      },
    },
    async (request, reply) => {
      const link = await requireOpenShareLink(db, request.params.key);
      await verifyShareCode(ctx, { link, code: request.body.code });
      const token = shareAccessToken(ctx.config.signingSecret, link);
      // Sent back only on this link's own API paths.
      reply.setCookie(SHARE_ACCESS_COOKIE, token.value, {
        path: `/api/shared/${request.params.key}`,
        httpOnly: true,
        sameSite: 'strict',
        secure,
        expires: token.expires,
      });
      return reply.status(204).send();
    },
  );
}
