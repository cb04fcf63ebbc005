import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';
import { prefetchDashboardJobs } from './api/get-jobs';

export const jobsRoutes: RouteObject[] = [
  {
    path: paths.interviews,
    // Static, so it runs beside the session loader while the page's chunk loads.
    loader: prefetchDashboardJobs,
    lazy: lazyPage(() => import('./pages/interviews-page')),
    handle: { prefetch: true },
  },
];
