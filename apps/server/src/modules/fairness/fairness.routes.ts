import {
  adverseImpactQuerySchema,
  adverseImpactReportSchema,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { companyOf } from '../../platform/access/access-rule';
import type { App } from '../../platform/http/app-types';
import { adverseImpactCsvLines } from './adverse-impact-csv';
import { buildAdverseImpactReport } from './fairness.service';
import { originOf } from '../../platform/http/request-origin';
import { recordAudit } from '../audit-log/audit-log.service';

const params = z.object({ shortname: z.string().min(1).max(100) });

/**
 * The adverse-impact report (decision 181): the survey's answers leave the server by no other
 * route than its counts. The interviewee answers at `PUT /api/interviewee/{token}/survey`
 * (interviewee.routes.ts), whose rules are the interview's.
 */
export function registerFairnessRoutes(app: App, ctx: AppContext): void {
  // Company admins only: a member reviewing candidates has no need of the figures.
  const reportRoute = {
    config: { access: { company: 'admin' as const } },
    schema: { tags: ['stats'], params, querystring: adverseImpactQuerySchema },
  };

  app.get(
    '/api/companies/:shortname/adverse-impact',
    {
      ...reportRoute,
      schema: {
        ...reportRoute.schema,
        response: { 200: adverseImpactReportSchema },
      },
    },
    async (request) =>
      buildAdverseImpactReport(ctx, {
        companyId: companyOf(request).company.id,
        jobId: request.query.job,
      }),
  );

  app.get(
    '/api/companies/:shortname/adverse-impact/export',
    reportRoute,
    async (request, reply) => {
      const companyId = companyOf(request).company.id;
      const report = await buildAdverseImpactReport(ctx, {
        companyId,
        jobId: request.query.job,
      });
      await recordAudit(ctx.db, {
        companyId,
        origin: originOf(request),
        action: 'csv.exported',
        target: report.job
          ? { type: 'job', id: report.job.id, label: report.job.title }
          : { type: 'report', id: null, label: 'Adverse impact report' },
        details: { report: 'adverse_impact' },
      });
      const scope = report.job ? `interview-${report.job.id}` : 'all';
      reply.header('Content-Type', 'text/csv; charset=utf-8');
      reply.header(
        'Content-Disposition',
        `attachment; filename="adverse-impact-${scope}.csv"`,
      );
      reply.header('Cache-Control', 'no-store');
      return reply.send([...adverseImpactCsvLines(report)].join(''));
    },
  );
}
