import {
  competencyQuerySchema,
  competencySchema,
  pageQuerySchema,
  pagedSchema,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { App } from '../../platform/http/app-types';
import { pagedReply } from '../../platform/http/paging';
import { listCompetencyRows } from './competencies.repository';

export function registerCompetencyRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/competencies',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['questions'],
        querystring: competencyQuerySchema
          .extend(pageQuerySchema.shape)
          .extend({
            page_size: pageQuerySchema.shape.page_size.default(100),
          }),
        response: { 200: pagedSchema(competencySchema) },
      },
    },
    async (request) => {
      const { page, page_size, ...filters } = request.query;
      const rows = await listCompetencyRows(ctx.db, filters);
      const results = rows.slice((page - 1) * page_size, page * page_size);
      return pagedReply(request, {
        count: rows.length,
        page,
        page_size,
        results,
      });
    },
  );
}
