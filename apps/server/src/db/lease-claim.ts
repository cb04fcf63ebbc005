import { sql, type RawBuilder } from 'kysely';

export type LeaseClaim = { limit: number; leaseSeconds: number; token: string };

/**
 * Claims an outbox's due rows in one short statement (decision 035): SKIP LOCKED lets several
 * workers claim side by side, the lease (`locked_until`) lets another take over once a dead
 * worker's claim runs out, and the claim token says whose claim is current. The e-mails', the
 * texts' and the integrations' callbacks' outboxes share it; `waiting` is inlined as a literal
 * so the planner can use each table's partial index on it.
 */
export function leaseClaimSql(
  table: 'outbox' | 'sms_outbox' | 'integration_callbacks',
  waiting: 'pending' | 'queued',
  claim: LeaseClaim,
  returning: RawBuilder<unknown>,
): RawBuilder<unknown> {
  return sql`
    UPDATE ${sql.table(table)}
    SET attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${claim.leaseSeconds}),
        claim_token = ${claim.token}
    WHERE id IN (
      SELECT id FROM ${sql.table(table)}
      WHERE status = ${sql.lit(waiting)}
        AND next_attempt_at <= now()
        AND (locked_until IS NULL OR locked_until < now())
      ORDER BY next_attempt_at, id
      LIMIT ${claim.limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING ${returning}`;
}
