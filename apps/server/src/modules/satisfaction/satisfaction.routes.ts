import {
  intervieweeTokenParamsSchema,
  satisfactionAnswerSchema,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { App } from '../../platform/http/app-types';
import { rateInterview } from './satisfaction.service';

/**
 * "How was this interview?" (decision 196), answered by the interviewee behind their token: no
 * session, so no CSRF check, and the interviewee routes' write limit per address.
 */
export function registerSatisfactionRoutes(app: App, ctx: AppContext): void {
  app.put(
    '/api/interviewee/:token/satisfaction',
    {
      schema: {
        tags: ['interviewee'],
        summary:
          'Rate the interview from 1 to 5 with an optional comment once it is submitted (a second answer replaces the first)',
        params: intervieweeTokenParamsSchema,
        body: satisfactionAnswerSchema,
      },
      config: {
        access: 'public',
        csrf: false,
        rateLimit: { max: 60, timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      await rateInterview(ctx, {
        token: request.params.token,
        answer: request.body,
      });
      return reply.code(204).send();
    },
  );
}
