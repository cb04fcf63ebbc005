import type { AccessRow } from './access-outcomes';

/** The team routes' rows of the route × role table (access-table.ts). */
export const teamAccessRows: readonly AccessRow[] = [];
