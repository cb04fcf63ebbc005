import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

/** The job page: /interviews/{job}?status={stage}&filter={filter}. */
export const applicationRoutes: RouteObject[] = [
  {
    path: paths.job.pattern,
    lazy: lazyPage(() => import('./pages/job-page')),
    handle: { prefetch: true },
  },
];
