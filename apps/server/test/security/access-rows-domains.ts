import { companyByName, type AccessRow } from './access-outcomes';
import type { World } from './world';

const domains = (w: World) => `/api/companies/${w.companyA.shortname}/domains`;

/** The verified domains' rows of the route × role table: company A's admins, no API key. */
export const domainAccessRows: readonly AccessRow[] = [
  {
    route: 'GET /api/companies/:shortname/domains',
    path: domains,
    ...companyByName,
  },
  {
    route: 'POST /api/companies/:shortname/domains',
    path: domains,
    body: (_w, role) => ({ domain: `${role.toLowerCase()}.access.example` }),
    ...companyByName,
    owner: [201],
  },
  {
    route: 'POST /api/companies/:shortname/domains/:id/verify',
    // No DNS answers in the table's world: the owner reaches the check and is told so.
    path: (w) => `${domains(w)}/${w.domains.pendingA}/verify`,
    ...companyByName,
    owner: [400],
    note: 'no TXT record in the fixture world: verification itself is proven in domains.test.ts',
  },
];
