import {
  auditLogFilterSchema,
  auditLogListSchema,
  auditLogQuerySchema,
  auditRetentionSchema,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { companyOf } from '../../platform/access/access-rule';
import type { App } from '../../platform/http/app-types';
import { pagedReply } from '../../platform/http/paging';
import { originOf } from '../../platform/http/request-origin';
import { findAuditRetentionDays } from './audit-log.repository';
import {
  changeAuditRetention,
  exportAuditLog,
  readAuditLog,
} from './audit-log.service';

const params = z.object({ shortname: z.string().min(1).max(100) });
const base = '/api/companies/:shortname/audit-log';
const tags = ['audit-log'];

/**
 * The company's audit log (decision 195): its admins, and API keys of the company that may read.
 * Nothing here changes or deletes a row; only the retention pruner does.
 */
export function registerAuditLogRoutes(app: App, { db }: AppContext): void {
  app.get(
    base,
    {
      config: { access: { company: 'admin' }, apiKey: 'read' },
      schema: {
        tags,
        summary: 'The company’s audit log, newest first (admins, read keys)',
        params,
        querystring: auditLogQuerySchema,
        response: { 200: auditLogListSchema },
      },
    },
    async (request) => {
      const { page, page_size, ...filter } = request.query;
      const { entries, count } = await readAuditLog(db, {
        companyId: companyOf(request).company.id,
        filter,
        page,
        pageSize: page_size,
      });
      return pagedReply(request, { count, page, page_size, results: entries });
    },
  );

  app.get(
    `${base}/export`,
    {
      config: { access: { company: 'admin' }, apiKey: 'read' },
      schema: {
        tags,
        summary:
          'The filtered audit log as CSV; the download is recorded in the log',
        params,
        querystring: auditLogFilterSchema,
      },
    },
    async (request, reply) => {
      const csv = await exportAuditLog(db, {
        companyId: companyOf(request).company.id,
        filter: request.query,
        origin: originOf(request),
      });
      const filename = `${request.params.shortname}-audit-log.csv`;
      reply.header('Content-Type', 'text/csv; charset=utf-8');
      reply.header(
        'Content-Disposition',
        `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      );
      reply.header('Cache-Control', 'no-store');
      return reply.send(csv);
    },
  );

  app.get(
    `${base}/retention`,
    {
      config: { access: { company: 'admin' } },
      schema: {
        tags,
        summary: 'How many days the audit log keeps a row (admins)',
        params,
        response: { 200: auditRetentionSchema },
      },
    },
    async (request) => ({
      days: await findAuditRetentionDays(db, companyOf(request).company.id),
    }),
  );

  app.put(
    `${base}/retention`,
    {
      config: { access: { company: 'admin' } },
      schema: {
        tags,
        summary: 'Set how many days the audit log keeps a row (admins)',
        params,
        body: auditRetentionSchema,
        response: { 200: auditRetentionSchema },
      },
    },
    async (request) => {
      await changeAuditRetention(db, {
        companyId: companyOf(request).company.id,
        days: request.body.days,
        origin: originOf(request),
      });
      return { days: request.body.days };
    },
  );
}
