import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

/** The company's webhook endpoints, under company settings (admins; decision 151). */
export const webhooksRoutes: RouteObject[] = [
  {
    path: paths.webhooks,
    lazy: lazyPage(() => import('./pages/webhooks-page')),
  },
];
