import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

/** Signed in: managing the company's marketplace. */
export const manageMarketplaceRoutes: RouteObject[] = [
  {
    path: paths.manageMarketplace,
    lazy: lazyPage(() => import('./pages/manage-marketplace-page')),
  },
  {
    path: paths.manageMarketplaceSettings,
    lazy: lazyPage(() => import('./pages/manage-settings-page')),
  },
  {
    path: paths.manageMarketplaceInterview.pattern,
    lazy: lazyPage(() => import('./pages/manage-listing-page')),
  },
];

/** Public: a brand's marketplace, no sign-in (landing layout). */
export const publicMarketplaceRoutes: RouteObject[] = [
  {
    path: paths.marketplace.pattern,
    lazy: lazyPage(() => import('./pages/public-marketplace-page')),
  },
];
