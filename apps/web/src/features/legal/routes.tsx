import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

export const legalRoutes: RouteObject[] = [
  { path: paths.terms, lazy: lazyPage(() => import('./pages/terms-page')) },
  { path: paths.privacy, lazy: lazyPage(() => import('./pages/privacy-page')) },
];
