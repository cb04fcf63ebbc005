import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

/** The company's team, under company settings (signed in, with header and footer). */
export const teamRoutes: RouteObject[] = [
  {
    path: paths.team,
    lazy: lazyPage(() => import('./pages/team-page')),
  },
];

/** The link of a team invitation (before or after signing in, in the auth layout). */
export const joinRoutes: RouteObject[] = [
  {
    path: paths.join.pattern,
    lazy: lazyPage(() => import('./pages/join-page')),
  },
];
