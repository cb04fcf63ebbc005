import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { leaseClaimSql, type LeaseClaim } from '../../db/lease-claim';
import type { IntegrationProvider } from './integration-tables';

/** Queues one call to the ATS, sent by the callback poller (integration-callback-poller.ts). */
export async function queueCallback(
  db: Db,
  values: {
    keyId: number;
    companyId: number;
    applicationId: number | null;
    method: 'PATCH' | 'POST';
    url: string;
    payload: string;
  },
): Promise<void> {
  await db
    .insertInto('integration_callbacks')
    .values({
      key_id: values.keyId,
      company_id: values.companyId,
      application_id: values.applicationId,
      method: values.method,
      url: values.url,
      payload: values.payload,
    })
    .execute();
}

export type ClaimedCallback = {
  id: string;
  method: 'PATCH' | 'POST';
  url: string;
  payload: string;
  attempts: number;
  salt: string;
  provider: IntegrationProvider;
  /** Revoked since it was queued: the ATS would refuse the call, so it is not made. */
  revoked: boolean;
};

/** Claims due callbacks for `leaseSeconds`; another worker skips them meanwhile. */
export async function claimDueCallbacks(
  db: Db,
  options: LeaseClaim,
): Promise<ClaimedCallback[]> {
  const claimed = leaseClaimSql(
    'integration_callbacks',
    'pending',
    options,
    sql`id, key_id, method, url, payload, attempts`,
  );
  const result = await sql<ClaimedCallback>`
    WITH claimed AS (${claimed})
    SELECT claimed.id::text AS id, claimed.method, claimed.url, claimed.payload,
      claimed.attempts, k.salt, k.provider, k.revoked_at IS NOT NULL AS revoked
    FROM claimed JOIN integration_keys k ON k.id = claimed.key_id
    ORDER BY claimed.id`.execute(db);
  return result.rows;
}

/** Writes how an attempt went; retryAt null with an error fails it for good. */
export async function recordCallbackAttempt(
  db: Db,
  options: {
    id: string;
    token: string;
    status: number | null;
    error: string | null;
    retryAt: Date | null;
  },
): Promise<void> {
  const delivered = options.error === null;
  await db
    .updateTable('integration_callbacks')
    .set({
      status: delivered
        ? 'delivered'
        : options.retryAt === null
          ? 'failed'
          : 'pending',
      last_attempt_at: new Date(),
      response_status: options.status,
      last_error: options.error,
      delivered_at: delivered ? new Date() : null,
      next_attempt_at: options.retryAt ?? new Date(),
      locked_until: null,
      claim_token: null,
    })
    .where('id', '=', options.id)
    .where('claim_token', '=', options.token)
    .execute();
}
