import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * Whether `lowered`, a text already in lower case, contains `part` in any case. strpos, not
 * (I)LIKE, so the statement may be prepared (decision 087 never prepares a LIKE) and no
 * wildcard needs escaping. The part is lowercased once, in a subquery: in the plan PostgreSQL
 * keeps for a prepared statement, `lower(part)` would run again for every row read.
 */
export function containsText(lowered: Expression<string>, part: string) {
  return sql<SqlBool>`strpos(${lowered}, (SELECT lower(${part}))) > 0`;
}
