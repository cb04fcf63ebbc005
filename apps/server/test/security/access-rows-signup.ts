import type { AccessRow } from './access-outcomes';

/** The signup routes' rows of the route × role table (access-table.ts). */
export const signupAccessRows: readonly AccessRow[] = [];
