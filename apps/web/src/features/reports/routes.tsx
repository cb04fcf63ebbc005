import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

// The page's chunk carries the charting library, so only /report loads it.
export const reportRoutes: RouteObject[] = [
  { path: paths.report, lazy: lazyPage(() => import('./pages/report-page')) },
];
