import { companyByName, type AccessRow } from './access-outcomes';
import type { World } from './world';

const log = (w: World) => `/api/companies/${w.companyA.shortname}/audit-log`;

/**
 * The audit log's rows of the route × role table: company A's admins; its read keys may list
 * and export it, never change how long it is kept.
 */
export const auditLogAccessRows: readonly AccessRow[] = [
  {
    route: 'GET /api/companies/:shortname/audit-log',
    path: log,
    ...companyByName,
  },
  {
    route: 'GET /api/companies/:shortname/audit-log/export',
    path: (w) => `${log(w)}/export`,
    ...companyByName,
  },
  {
    route: 'GET /api/companies/:shortname/audit-log/retention',
    path: (w) => `${log(w)}/retention`,
    ...companyByName,
  },
  {
    route: 'PUT /api/companies/:shortname/audit-log/retention',
    path: (w) => `${log(w)}/retention`,
    body: () => ({ days: 365 }),
    ...companyByName,
  },
];
