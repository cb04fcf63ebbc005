import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

/** The company's audit log, under company settings (admins; decision 195). */
export const auditLogRoutes: RouteObject[] = [
  {
    path: paths.auditLog,
    lazy: lazyPage(() => import('./pages/audit-log-page')),
  },
];
