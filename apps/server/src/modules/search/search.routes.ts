import {
  applicationSearchQuerySchema,
  applicationSearchReplySchema,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import { userOf } from '../../platform/access/access-rule';
import type { App } from '../../platform/http/app-types';
import { currentTrigramSample } from './search-sample';
import { searchPeople } from './search.service';

/** The search drawer's interviewee search; interviews and templates use GET /api/jobs?q=. */
export function registerSearchRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/applications',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['search'],
        querystring: applicationSearchQuerySchema,
        response: { 200: applicationSearchReplySchema },
      },
    },
    async (request) => {
      const user = userOf(request);
      return searchPeople(ctx.db, {
        userId: user.id,
        companyId: user.current_company_id,
        q: request.query.q,
        jobId: request.query.job,
        sample: currentTrigramSample(ctx.db, (error) =>
          request.log.warn({ err: error }, 'The search sample was not read'),
        ),
      });
    },
  );
}
