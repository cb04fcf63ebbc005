import { attachmentSchema, pageQuerySchema, pagedSchema } from '@candor/domain';
import type { AppContext } from '../../app-context';
import { jobOf, userOf } from '../../platform/access/access-rule';
import type { App } from '../../platform/http/app-types';
import { notFound } from '../../platform/http/errors';
import { pagedReply } from '../../platform/http/paging';
import {
  findAttachmentRow,
  listAttachmentRows,
} from './attachments.repository';
import {
  receiveAttachment,
  removeAttachment,
  saveAttachment,
  toAttachmentReply,
} from './attachments.service';
import { jobParams, jobItemParams } from '../../platform/http/path-params';

export function registerAttachmentRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  app.get(
    '/api/jobs/:job/attachments',
    {
      config: { access: { job: 'read' } },
      schema: {
        tags: ['jobs'],
        params: jobParams,
        querystring: pageQuerySchema,
        response: { 200: pagedSchema(attachmentSchema) },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const rows = await listAttachmentRows(db, jobOf(request).id);
      const results = await Promise.all(
        rows
          .slice((page - 1) * page_size, page * page_size)
          .map((row) => toAttachmentReply(ctx, row)),
      );
      return pagedReply(request, {
        count: rows.length,
        page,
        page_size,
        results,
      });
    },
  );

  app.post(
    '/api/jobs/:job/attachments',
    {
      config: { access: { job: 'manage' } },
      schema: {
        tags: ['jobs'],
        params: jobParams,
        response: { 201: attachmentSchema },
      },
    },
    async (request, reply) => {
      const job = jobOf(request);
      const file = await receiveAttachment(ctx, request, job);
      const row = await saveAttachment(ctx, userOf(request), job, file);
      return reply.status(201).send(await toAttachmentReply(ctx, row));
    },
  );

  app.delete(
    '/api/jobs/:job/attachments/:id',
    {
      config: { access: { job: 'manage' } },
      schema: {
        tags: ['jobs'],
        params: jobItemParams,
      },
    },
    async (request, reply) => {
      const job = jobOf(request);
      const row = await findAttachmentRow(db, job.id, request.params.id);
      if (!row) throw notFound('This attachment');
      await removeAttachment(ctx, userOf(request), job, row);
      return reply.status(204).send();
    },
  );
}
