import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

export const authRoutes: RouteObject[] = [
  { path: paths.login, lazy: lazyPage(() => import('./pages/login-page')) },
];
