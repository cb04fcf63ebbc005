import { companyByName, type AccessRow } from './access-outcomes';
import type { World } from './world';

const hooks = (w: World) => `/api/companies/${w.companyA.shortname}/webhooks`;
const kept = (w: World) => `${hooks(w)}/${w.webhooks.endpointId}`;

/**
 * The webhook routes' rows of the route × role table (access-table.ts): company A's admins
 * only; its write key may subscribe and unsubscribe (REST hooks, decision 151).
 */
export const webhookAccessRows: readonly AccessRow[] = [
  {
    route: 'GET /api/companies/:shortname/webhooks',
    path: hooks,
    ...companyByName,
  },
  {
    route: 'POST /api/companies/:shortname/webhooks',
    path: hooks,
    body: () => ({
      url: 'https://93.184.216.34/hooks',
      events: ['application.completed'],
    }),
    ...companyByName,
    owner: [201],
  },
  {
    route: 'GET /api/companies/:shortname/webhooks/:id',
    path: kept,
    ...companyByName,
  },
  {
    route: 'PATCH /api/companies/:shortname/webhooks/:id',
    path: kept,
    body: () => ({ enabled: true }),
    ...companyByName,
  },
  {
    route: 'DELETE /api/companies/:shortname/webhooks/:id',
    path: (w) => `${hooks(w)}/${w.webhooks.removableId}`,
    ...companyByName,
    owner: [204],
    // After the owner: the endpoint is gone (past access).
    apiKey: { keyWrite: [404] },
  },
  {
    route: 'GET /api/companies/:shortname/webhooks/:id/deliveries',
    path: (w) => `${kept(w)}/deliveries`,
    ...companyByName,
  },
  {
    route:
      'POST /api/companies/:shortname/webhooks/:id/deliveries/:delivery/redeliver',
    path: (w) => `${kept(w)}/deliveries/${w.webhooks.deliveryId}/redeliver`,
    ...companyByName,
    owner: [201],
  },
];
