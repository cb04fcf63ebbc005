import {
  companyStatsSchema,
  statsQuerySchema,
  type CompanyStats,
  type StatsQuery,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { companyOf } from '../../platform/access/access-rule';
import type { App } from '../../platform/http/app-types';
import { originOf } from '../../platform/http/request-origin';
import { sendSerialized } from '../../platform/http/send-serialized';
import { recordAudit } from '../audit-log/audit-log.service';
import { statsCsvLines } from './export';
import { createReportCache } from './report-cache';
import { companyStats, resolvePeriod } from './stats.service';

const params = z.object({ shortname: z.string().min(1).max(100) });

// A year's report of a large company is about 300 KB as objects and as much again as JSON; a
// few dozen stay well inside the server's memory target.
const CACHED_REPORTS = 16;

/**
 * A report with its reply body, checked against the schema and serialised once, and its CSV
 * file, written the first time it is downloaded. Both are kept as UTF-8 bytes: sent as strings,
 * each reply of 300 KB was measured and encoded again.
 */
type Report = { stats: CompanyStats; json: Buffer; csv?: Buffer };

/** Company reports: figures for /report and the same per interview as a CSV download. */
export function registerStatsRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  const reports = createReportCache<Report>({
    ttlMs: ctx.config.statsCacheSeconds * 1000,
    maxEntries: CACHED_REPORTS,
  });
  // A company user who changes something sees it in the next report, not up to a TTL later.
  app.addHook('onResponse', async (request, reply) => {
    const companyId = request.user?.current_company_id;
    if (
      companyId != null &&
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      reply.statusCode < 400
    )
      reports.forgetCompany(companyId);
  });

  function report(companyId: number, query: StatsQuery) {
    const { fromDate, toDate } = resolvePeriod(query);
    return reports.get(companyId, `${fromDate}..${toDate}`, async () => {
      const stats = await companyStats(db, companyId, {
        from_date: fromDate,
        to_date: toDate,
      });
      const json = JSON.stringify(companyStatsSchema.parse(stats));
      return { stats, json: Buffer.from(json) };
    });
  }

  app.get(
    '/api/companies/:shortname/stats',
    {
      // Reports are for the current company only; any other shortname looks unknown.
      config: { access: { company: 'member' } },
      schema: {
        tags: ['stats'],
        params,
        querystring: statsQuerySchema,
        response: { 200: companyStatsSchema },
      },
    },
    async (request, reply) => {
      const { json } = await report(
        companyOf(request).company.id,
        request.query,
      );
      // The body was checked and serialised when the report was made; a large report is not
      // validated and stringified again for each request.
      return sendSerialized(reply, json);
    },
  );

  app.get(
    '/api/companies/:shortname/export',
    {
      config: { access: { company: 'member' } },
      schema: { tags: ['stats'], params, querystring: statsQuerySchema },
    },
    async (request, reply) => {
      const { company } = companyOf(request);
      const cached = await report(company.id, request.query);
      const { stats } = cached;
      await recordAudit(db, {
        companyId: company.id,
        origin: originOf(request),
        action: 'csv.exported',
        target: { type: 'report', id: null, label: 'Interviews report' },
        details: { from: stats.from_date, to: stats.to_date },
      });
      cached.csv ??= Buffer.from(
        [...statsCsvLines(stats.jobs, stats.totals)].join(''),
      );
      const filename = `${request.params.shortname}-report-${stats.from_date}-to-${stats.to_date}.csv`;
      reply.header('Content-Type', 'text/csv; charset=utf-8');
      reply.header(
        'Content-Disposition',
        `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      );
      reply.header('Cache-Control', 'no-store');
      return reply.send(cached.csv);
    },
  );
}
