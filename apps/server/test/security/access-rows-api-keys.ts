import { companyByName, type AccessRow } from './access-outcomes';
import type { World } from './world';

const keys = (w: World) => `/api/companies/${w.companyA.shortname}/api-keys`;

/** The API key routes' rows of the route × role table: admins of the company only. */
export const apiKeyAccessRows: readonly AccessRow[] = [
  {
    route: 'GET /api/companies/:shortname/api-keys',
    path: keys,
    ...companyByName,
  },
  {
    route: 'POST /api/companies/:shortname/api-keys',
    path: keys,
    body: (_w, role) => ({ name: `Key of ${role}`, scope: 'write' }),
    ...companyByName,
    owner: [201],
  },
  {
    route: 'GET /api/companies/:shortname/api-keys/requests',
    path: (w) => `${keys(w)}/requests`,
    ...companyByName,
  },
  {
    route: 'DELETE /api/companies/:shortname/api-keys/:id',
    path: (w) => `${keys(w)}/${w.apiKeys.spareA.id}`,
    ...companyByName,
    owner: [204],
  },
];
