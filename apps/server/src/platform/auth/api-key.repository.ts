import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/** The live key with this secret hash, and the system user it acts as. */
export function findLiveApiKey(db: Db, secretHash: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id',
      'api_keys.company_id',
      'api_keys.name',
      'api_keys.scope',
      'users.id as user_id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.locale',
    ])
    .where('api_keys.secret_hash', '=', secretHash)
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst();
}

/**
 * One request in the key's log; its last use moves at most once a minute, so a busy key does
 * not rewrite its own row on every request.
 */
export async function recordKeyRequest(
  db: Db,
  entry: {
    keyId: number;
    companyId: number;
    method: string;
    route: string;
    status: number;
    durationMs: number;
  },
): Promise<void> {
  await sql`WITH logged AS (
      INSERT INTO api_key_requests (api_key_id, company_id, method, route, status, duration_ms)
      VALUES (${entry.keyId}, ${entry.companyId}, ${entry.method}, ${entry.route},
        ${entry.status}, ${entry.durationMs})
    )
    UPDATE api_keys SET last_used_at = now()
    WHERE id = ${entry.keyId}
      AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`.execute(
    db,
  );
}
