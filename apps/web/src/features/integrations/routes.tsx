import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

/** Applicant tracking systems, under company settings (admins; decision 190). */
export const integrationsRoutes: RouteObject[] = [
  {
    path: paths.greenhouse,
    lazy: lazyPage(() => import('./pages/greenhouse-page')),
  },
];
