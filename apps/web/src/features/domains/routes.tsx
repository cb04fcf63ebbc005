import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

/** The company's verified domains, under company settings (admins; decision 201). */
export const domainsRoutes: RouteObject[] = [
  {
    path: paths.domains,
    lazy: lazyPage(() => import('./pages/domains-page')),
  },
];
