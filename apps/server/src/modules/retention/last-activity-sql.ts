import { sql } from 'kysely';

/**
 * An applicant's last activity: the latest time anything happened to them, by them or by the
 * company (decision 072). `updated_at` moves with every change the product makes to the row
 * (invitation, answers, consent, ratings, shortlisting…); the named times are there too so the
 * rule does not depend on every path remembering it, and an open invitation counts until its
 * deadline. The migration 20261122010000 indexes this exact expression per job; keep the two
 * the same.
 */
export function lastActivitySql(alias: string) {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql`GREATEST(${sql.join(
    [
      'created_at',
      'updated_at',
      'invited_at',
      'responded_at',
      'declined_at',
      'consented_at',
      'reviewed_at',
      'shortlisted_at',
      'rejected_at',
      'deadline',
    ].map(column),
  )})`;
}
