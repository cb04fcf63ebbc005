import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

export const jobsRoutes: RouteObject[] = [
  {
    path: paths.interviews,
    lazy: lazyPage(() => import('./pages/interviews-page')),
    handle: { prefetch: true },
  },
];
