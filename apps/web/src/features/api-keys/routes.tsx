import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

/** The company's API keys, under company settings (admins; decision 149). */
export const apiKeysRoutes: RouteObject[] = [
  {
    path: paths.apiKeys,
    lazy: lazyPage(() => import('./pages/api-keys-page')),
  },
];
