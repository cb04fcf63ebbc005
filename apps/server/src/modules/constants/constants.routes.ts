import { CONSTANTS, constantsSchema } from '@candor/domain';
import type { App } from '../../platform/http/app-types';

export function registerConstantsRoutes(app: App): void {
  app.get(
    '/api/constants',
    {
      config: { access: 'public' },
      schema: { tags: ['constants'], response: { 200: constantsSchema } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return CONSTANTS;
    },
  );
}
