import {
  pathId,
  pagedSchema,
  videoCategoriesQuerySchema,
  videoCategoriesSchema,
  videoCreateSchema,
  videoListQuerySchema,
  videoSchema,
  videoSignatureRequestSchema,
  videoSignatureSchema,
  videoUpdateSchema,
} from '@candor/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { companyUserOf, libraryOf } from '../../platform/access/access-rule';
import type { App } from '../../platform/http/app-types';
import { pagedReply } from '../../platform/http/paging';
import { countVideos, listVideos } from './videos.repository';
import {
  changeVideo,
  completeVideoUpload,
  createVideo,
  removeVideo,
  requireVideo,
  resetVideoUpload,
  searchCategories,
  signVideoUpload,
  toVideoReply,
} from './videos.service';

const libraryParams = z.object({ shortname: z.string().min(1).max(100) });
const videoParams = libraryParams.extend({ id: pathId });
const base = '/api/companies/:shortname/videos';

/**
 * The company video library and the shared stock library (shortname `commonvideos`).
 * Upload: create the row, get a signed direct-upload URL, PUT the file to storage, then
 * POST …/uploaded to queue processing (docs/decisions/060-video-library-api.md).
 */
export function registerVideoRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  /** A video of the route's library (its `library` rule), by the route's id. */
  const videoOf = (request: FastifyRequest<{ Params: { id: number } }>) =>
    requireVideo(db, libraryOf(request), request.params.id);

  app.get(
    base,
    {
      config: { access: { library: 'read' } },
      schema: {
        tags: ['videos'],
        params: libraryParams,
        querystring: videoListQuerySchema,
        response: { 200: pagedSchema(videoSchema) },
      },
    },
    async (request) => {
      const library = libraryOf(request);
      const { page, page_size, category } = request.query;
      const [rows, count] = await Promise.all([
        listVideos(db, library, {
          category,
          limit: page_size,
          offset: (page - 1) * page_size,
        }),
        countVideos(db, library, category),
      ]);
      const results = await Promise.all(
        rows.map((row) => toVideoReply(ctx, row)),
      );
      return pagedReply(request, { count, page, page_size, results });
    },
  );

  app.get(
    `${base}/categories`,
    {
      config: { access: { library: 'read' } },
      schema: {
        tags: ['videos'],
        params: libraryParams,
        querystring: videoCategoriesQuerySchema,
        response: { 200: videoCategoriesSchema },
      },
    },
    async (request) =>
      searchCategories(db, libraryOf(request), request.query.category),
  );

  app.post(
    base,
    {
      config: { access: { library: 'write' } },
      schema: {
        tags: ['videos'],
        params: libraryParams,
        body: videoCreateSchema,
        response: { 201: videoSchema },
      },
    },
    async (request, reply) => {
      const caller = companyUserOf(request);
      const video = await createVideo(
        db,
        { kind: 'company', companyId: caller.companyId },
        caller,
        request.body,
      );
      return reply.status(201).send(await toVideoReply(ctx, video));
    },
  );

  app.post(
    `${base}/generate_signature`,
    {
      config: { access: { library: 'write' } },
      schema: {
        tags: ['videos'],
        params: libraryParams,
        body: videoSignatureRequestSchema,
        response: { 200: videoSignatureSchema },
      },
    },
    async (request) => {
      const video = await requireVideo(db, libraryOf(request), request.body.id);
      return signVideoUpload(ctx, video, request.body);
    },
  );

  app.post(
    `${base}/:id/uploaded`,
    {
      config: { access: { library: 'write' } },
      schema: {
        tags: ['videos'],
        params: videoParams,
        response: { 200: videoSchema },
      },
    },
    async (request) => {
      const video = await videoOf(request);
      return toVideoReply(
        ctx,
        await completeVideoUpload(ctx, video, companyUserOf(request)),
      );
    },
  );

  app.post(
    `${base}/:id/reset`,
    {
      config: { access: { library: 'write' } },
      schema: {
        tags: ['videos'],
        params: videoParams,
        response: { 200: videoSchema },
      },
    },
    async (request) => {
      const video = await videoOf(request);
      return toVideoReply(ctx, await resetVideoUpload(ctx, video));
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: { library: 'read' } },
      schema: {
        tags: ['videos'],
        params: videoParams,
        response: { 200: videoSchema },
      },
    },
    async (request) => toVideoReply(ctx, await videoOf(request)),
  );

  app.patch(
    `${base}/:id`,
    {
      config: { access: { library: 'write' } },
      schema: {
        tags: ['videos'],
        params: videoParams,
        body: videoUpdateSchema,
        response: { 200: videoSchema },
      },
    },
    async (request) => {
      const video = await videoOf(request);
      return toVideoReply(ctx, await changeVideo(db, video, request.body));
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: { library: 'write' } },
      schema: { tags: ['videos'], params: videoParams },
    },
    async (request, reply) => {
      await removeVideo(ctx, await videoOf(request), companyUserOf(request));
      return reply.status(204).send();
    },
  );
}
