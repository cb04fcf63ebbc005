import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

/** The page a share link opens: public, full screen, no signed-in header (decision 153). */
export const sharedRoutes: RouteObject[] = [
  {
    path: paths.shared.pattern,
    lazy: lazyPage(() => import('./pages/shared-page')),
  },
];
