import { holderOnly, UNKNOWN_TOKEN, type AccessRow } from './access-outcomes';

/** The accounts routes' rows of the route × role table (access-table.ts). */
export const accountsAccessRows: readonly AccessRow[] = [
  {
    // The link proves the new address; no session is needed, and any other token is unknown.
    route: 'POST /api/confirm-email/:token',
    path: (w) => `/api/confirm-email/${w.emailChangeToken}`,
    wrongPath: () => `/api/confirm-email/${UNKNOWN_TOKEN}`,
    ...holderOnly(['2xx']),
  },
];
