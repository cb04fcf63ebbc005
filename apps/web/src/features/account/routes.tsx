import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

export const accountRoutes: RouteObject[] = [
  // Prefetched: the account drawer links here from every page.
  {
    path: paths.account,
    lazy: lazyPage(() => import('./pages/account-page')),
    handle: { prefetch: true },
  },
];

/** Shown without a session check: it is where a failed start-up lands. */
export const accountConflictRoutes: RouteObject[] = [
  {
    path: paths.accountConflict,
    lazy: lazyPage(() => import('./pages/account-conflict-page')),
  },
];

/** Opened from an e-mail, perhaps on another device: no session needed. */
export const confirmEmailRoutes: RouteObject[] = [
  {
    path: paths.confirmEmail.pattern,
    lazy: lazyPage(() => import('./pages/confirm-email-page')),
  },
];
