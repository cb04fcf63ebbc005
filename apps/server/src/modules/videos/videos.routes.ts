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
import { requireCompanyUser } from '../../platform/auth/guards';
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
  resolveLibrary,
  resolveWritableLibrary,
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

  /** A video of a library the caller may change (their company's), by the route's ids. */
  const requireWritableVideo = async (
    request: FastifyRequest<{ Params: { shortname: string; id: number } }>,
  ) => {
    const caller = requireCompanyUser(request);
    const library = await resolveWritableLibrary(
      db,
      caller,
      request.params.shortname,
    );
    return {
      caller,
      video: await requireVideo(db, library, request.params.id),
    };
  };

  app.get(
    base,
    {
      schema: {
        tags: ['videos'],
        params: libraryParams,
        querystring: videoListQuerySchema,
        response: { 200: pagedSchema(videoSchema) },
      },
    },
    async (request) => {
      const caller = requireCompanyUser(request);
      const library = await resolveLibrary(
        db,
        caller,
        request.params.shortname,
      );
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
      schema: {
        tags: ['videos'],
        params: libraryParams,
        querystring: videoCategoriesQuerySchema,
        response: { 200: videoCategoriesSchema },
      },
    },
    async (request) => {
      const caller = requireCompanyUser(request);
      const library = await resolveLibrary(
        db,
        caller,
        request.params.shortname,
      );
      return searchCategories(db, library, request.query.category);
    },
  );

  app.post(
    base,
    {
      schema: {
        tags: ['videos'],
        params: libraryParams,
        body: videoCreateSchema,
        response: { 201: videoSchema },
      },
    },
    async (request, reply) => {
      const caller = requireCompanyUser(request);
      const library = await resolveWritableLibrary(
        db,
        caller,
        request.params.shortname,
      );
      const video = await createVideo(db, library, caller, request.body);
      return reply.status(201).send(await toVideoReply(ctx, video));
    },
  );

  app.post(
    `${base}/generate_signature`,
    {
      schema: {
        tags: ['videos'],
        params: libraryParams,
        body: videoSignatureRequestSchema,
        response: { 200: videoSignatureSchema },
      },
    },
    async (request) => {
      const caller = requireCompanyUser(request);
      const library = await resolveWritableLibrary(
        db,
        caller,
        request.params.shortname,
      );
      const video = await requireVideo(db, library, request.body.id);
      return signVideoUpload(ctx, video, request.body);
    },
  );

  app.post(
    `${base}/:id/uploaded`,
    {
      schema: {
        tags: ['videos'],
        params: videoParams,
        response: { 200: videoSchema },
      },
    },
    async (request) => {
      const { caller, video } = await requireWritableVideo(request);
      return toVideoReply(ctx, await completeVideoUpload(ctx, video, caller));
    },
  );

  app.post(
    `${base}/:id/reset`,
    {
      schema: {
        tags: ['videos'],
        params: videoParams,
        response: { 200: videoSchema },
      },
    },
    async (request) => {
      const { video } = await requireWritableVideo(request);
      return toVideoReply(ctx, await resetVideoUpload(ctx, video));
    },
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags: ['videos'],
        params: videoParams,
        response: { 200: videoSchema },
      },
    },
    async (request) => {
      const caller = requireCompanyUser(request);
      const library = await resolveLibrary(
        db,
        caller,
        request.params.shortname,
      );
      return toVideoReply(
        ctx,
        await requireVideo(db, library, request.params.id),
      );
    },
  );

  app.patch(
    `${base}/:id`,
    {
      schema: {
        tags: ['videos'],
        params: videoParams,
        body: videoUpdateSchema,
        response: { 200: videoSchema },
      },
    },
    async (request) => {
      const { video } = await requireWritableVideo(request);
      return toVideoReply(ctx, await changeVideo(db, video, request.body));
    },
  );

  app.delete(
    `${base}/:id`,
    { schema: { tags: ['videos'], params: videoParams } },
    async (request, reply) => {
      const { caller, video } = await requireWritableVideo(request);
      await removeVideo(ctx, video, caller);
      return reply.status(204).send();
    },
  );
}
