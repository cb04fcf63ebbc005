import {
  app1,
  holderOnly,
  manage,
  OK,
  UNKNOWN_TOKEN,
  type AccessRow,
} from './access-outcomes';
import type { World } from './world';

const links = (w: World) => `${app1(w)}/share-links`;
const shared = (key: string) => `/api/shared/${key}`;

/**
 * The share links' rows of the route × role table (access-table.ts): making, listing and
 * revoking them is for company users (decision 153); the shared page is for whoever holds
 * the key, and any other key is 404.
 */
export const shareLinkAccessRows: readonly AccessRow[] = [
  {
    route: 'GET /api/jobs/:job/applications/:id/share-links',
    path: links,
    ...manage,
  },
  {
    route: 'POST /api/jobs/:job/applications/:id/share-links',
    path: links,
    body: () => ({ days: 3, include_ratings: true }),
    ...manage,
    owner: [201],
  },
  {
    route: 'DELETE /api/jobs/:job/applications/:id/share-links/:link',
    path: (w) => `${links(w)}/${w.shareLinks.revocable.id}`,
    ...manage,
    owner: [204],
  },
  {
    route: 'GET /api/shared/:key',
    path: (w) => shared(w.shareLinks.open.key),
    wrongPath: () => shared(UNKNOWN_TOKEN),
    ...holderOnly(OK),
  },
  {
    route: 'POST /api/shared/:key/code',
    path: (w) => `${shared(w.shareLinks.limited.key)}/code`,
    wrongPath: () => `${shared(UNKNOWN_TOKEN)}/code`,
    body: () => ({ email: 'hiring.manager@example.test' }),
    ...holderOnly([202]),
  },
  {
    route: 'POST /api/shared/:key/verify',
    path: (w) => `${shared(w.shareLinks.limited.key)}/verify`,
    wrongPath: () => `${shared(UNKNOWN_TOKEN)}/verify`,
    body: () => ({ code: '123456' }),
    ...holderOnly([400]),
    note: 'a made-up code on purpose: the code flow is proven in share-links.test.ts',
  },
];
