import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

export const companyRoutes: RouteObject[] = [
  {
    path: paths.companySettings,
    lazy: lazyPage(() => import('./pages/company-settings-page')),
    handle: { prefetch: true },
  },
];
