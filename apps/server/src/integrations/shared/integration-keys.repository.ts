import type { Db } from '../../db/connection';
import type { IntegrationProvider } from './integration-tables';

/** The live key of a company for one ATS, or undefined. */
export function findLiveKey(
  db: Db,
  options: { companyId: number; provider: IntegrationProvider },
) {
  return db
    .selectFrom('integration_keys')
    .selectAll()
    .where('company_id', '=', options.companyId)
    .where('provider', '=', options.provider)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** The live key with this hash and the system user it acts as; marks it used. */
export async function findLiveKeyByHash(
  db: Db,
  options: { provider: IntegrationProvider; secretHash: string },
) {
  const key = await db
    .updateTable('integration_keys')
    .set({ last_used_at: new Date() })
    .where('secret_hash', '=', options.secretHash)
    .where('provider', '=', options.provider)
    .where('revoked_at', 'is', null)
    .returning(['id', 'company_id', 'user_id', 'send_ratings'])
    .executeTakeFirst();
  if (!key) return undefined;
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'locale'])
    .where('id', '=', key.user_id)
    .executeTakeFirstOrThrow();
  return { ...key, user };
}

export function revokeLiveKey(
  db: Db,
  options: { companyId: number; provider: IntegrationProvider },
) {
  return db
    .updateTable('integration_keys')
    .set({ revoked_at: new Date() })
    .where('company_id', '=', options.companyId)
    .where('provider', '=', options.provider)
    .where('revoked_at', 'is', null)
    .returning(['id', 'send_ratings'])
    .executeTakeFirst();
}

export function insertIntegrationKey(
  db: Db,
  values: {
    companyId: number;
    provider: IntegrationProvider;
    userId: number;
    prefix: string;
    secretHash: string;
    salt: string;
    sendRatings: boolean;
    createdBy: number;
  },
) {
  return db
    .insertInto('integration_keys')
    .values({
      company_id: values.companyId,
      provider: values.provider,
      user_id: values.userId,
      prefix: values.prefix,
      secret_hash: values.secretHash,
      salt: values.salt,
      send_ratings: values.sendRatings,
      created_by: values.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateSendRatings(
  db: Db,
  options: {
    companyId: number;
    provider: IntegrationProvider;
    sendRatings: boolean;
  },
) {
  return db
    .updateTable('integration_keys')
    .set({ send_ratings: options.sendRatings })
    .where('company_id', '=', options.companyId)
    .where('provider', '=', options.provider)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function recordCall(
  db: Db,
  values: {
    keyId: number;
    companyId: number;
    provider: IntegrationProvider;
    endpoint: string;
    status: number;
  },
): Promise<void> {
  await db
    .insertInto('integration_calls')
    .values({
      key_id: values.keyId,
      company_id: values.companyId,
      provider: values.provider,
      endpoint: values.endpoint,
      status: values.status,
    })
    .execute();
}

/** The newest calls of the company's ATS, with any of its keys. */
export function listCalls(
  db: Db,
  options: { companyId: number; provider: IntegrationProvider; limit: number },
) {
  return db
    .selectFrom('integration_calls')
    .select(['at', 'endpoint', 'status'])
    .where('company_id', '=', options.companyId)
    .where('provider', '=', options.provider)
    .orderBy('id', 'desc')
    .limit(options.limit)
    .execute();
}
