import type { AccessRow } from './access-outcomes';

/** The accounts routes' rows of the route × role table (access-table.ts). */
export const accountsAccessRows: readonly AccessRow[] = [];
