import { Readable } from 'node:stream';
import { companyStatsSchema, statsQuerySchema } from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireCompanyUser } from '../../platform/auth/guards';
import type { App } from '../../platform/http/app-types';
import { notFound } from '../../platform/http/errors';
import { findCompanyById } from '../companies/companies.repository';
import { statsCsvLines } from './export';
import { companyStats } from './stats.service';

const params = z.object({ shortname: z.string().min(1).max(100) });

/** Company reports: figures for /report and the same per interview as a CSV download. */
export function registerStatsRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  async function currentCompanyId(
    request: Parameters<typeof requireCompanyUser>[0],
    shortname: string,
  ) {
    const { companyId } = requireCompanyUser(request);
    const company = await findCompanyById(db, companyId);
    // Reports are for the current company only; any other shortname looks unknown.
    if (!company || company.shortname !== shortname)
      throw notFound('This company');
    return company.id;
  }

  app.get(
    '/api/companies/:shortname/stats',
    {
      schema: {
        tags: ['stats'],
        params,
        querystring: statsQuerySchema,
        response: { 200: companyStatsSchema },
      },
    },
    async (request) => {
      const companyId = await currentCompanyId(
        request,
        request.params.shortname,
      );
      return companyStats(db, companyId, request.query);
    },
  );

  app.get(
    '/api/companies/:shortname/export',
    { schema: { tags: ['stats'], params, querystring: statsQuerySchema } },
    async (request, reply) => {
      const companyId = await currentCompanyId(
        request,
        request.params.shortname,
      );
      const stats = await companyStats(db, companyId, request.query);
      const filename = `${request.params.shortname}-report-${stats.from_date}-to-${stats.to_date}.csv`;
      reply.header('Content-Type', 'text/csv; charset=utf-8');
      reply.header(
        'Content-Disposition',
        `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      );
      reply.header('Cache-Control', 'no-store');
      return reply.send(Readable.from(statsCsvLines(stats.jobs, stats.totals)));
    },
  );
}
