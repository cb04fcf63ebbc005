import type { Db } from '../../db/connection';
import type { ApiKeyScope } from './api-key-tables';

const KEY_COLUMNS = [
  'api_keys.id',
  'api_keys.name',
  'api_keys.prefix',
  'api_keys.scope',
  'api_keys.created_at',
  'api_keys.last_used_at',
  'api_keys.revoked_at',
] as const;

/**
 * The account a key acts as: a system user (no password, so it cannot sign in; no membership, so
 * it is not in the team) whose name says which key did what.
 */
export function insertKeyUser(
  db: Db,
  values: { email: string; name: string; companyId: number },
) {
  return db
    .insertInto('users')
    .values({
      email: values.email,
      first_name: 'API key',
      last_name: values.name,
      password_hash: null,
      sso_provider: null,
      current_company_id: values.companyId,
      is_system: true,
      notify_new_responses: false,
      notify_daily_summary: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function insertApiKey(
  db: Db,
  values: {
    companyId: number;
    userId: number;
    name: string;
    scope: ApiKeyScope;
    prefix: string;
    secretHash: string;
    createdBy: number;
  },
) {
  return db
    .insertInto('api_keys')
    .values({
      company_id: values.companyId,
      user_id: values.userId,
      name: values.name,
      scope: values.scope,
      prefix: values.prefix,
      secret_hash: values.secretHash,
      created_by: values.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

function selectKeys(db: Db, companyId: number) {
  return db
    .selectFrom('api_keys')
    .leftJoin('users as creator', 'creator.id', 'api_keys.created_by')
    .select(KEY_COLUMNS)
    .select(['creator.first_name', 'creator.last_name'])
    .where('api_keys.company_id', '=', companyId);
}
export type ApiKeyRow = Awaited<
  ReturnType<ReturnType<typeof selectKeys>['executeTakeFirstOrThrow']>
>;

/** The company's keys, live ones first, newest first. */
export function listCompanyKeys(db: Db, companyId: number) {
  return selectKeys(db, companyId)
    .orderBy((eb) => eb('api_keys.revoked_at', 'is not', null))
    .orderBy('api_keys.id', 'desc')
    .execute();
}

export function findCompanyKey(
  db: Db,
  options: { companyId: number; keyId: number },
) {
  return selectKeys(db, options.companyId)
    .where('api_keys.id', '=', options.keyId)
    .executeTakeFirst();
}

/** Revokes a live key of the company; an already revoked one keeps its date. */
export function revokeCompanyKey(
  db: Db,
  options: { companyId: number; keyId: number },
) {
  return db
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where('company_id', '=', options.companyId)
    .where('id', '=', options.keyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The newest requests made with the company's keys. */
export function listKeyRequests(
  db: Db,
  options: { companyId: number; limit: number },
) {
  return db
    .selectFrom('api_key_requests')
    .innerJoin('api_keys', 'api_keys.id', 'api_key_requests.api_key_id')
    .select([
      'api_key_requests.id',
      'api_key_requests.at',
      'api_key_requests.method',
      'api_key_requests.route',
      'api_key_requests.status',
      'api_key_requests.duration_ms',
      'api_keys.id as key_id',
      'api_keys.name as key_name',
      'api_keys.prefix as key_prefix',
    ])
    .where('api_key_requests.company_id', '=', options.companyId)
    .orderBy('api_key_requests.id', 'desc')
    .limit(options.limit)
    .execute();
}

/** Deletes up to `limit` log rows older than `before`; says how many went. */
export async function pruneKeyRequests(
  db: Db,
  options: { before: Date; limit: number },
): Promise<number> {
  const result = await db
    .deleteFrom('api_key_requests')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('api_key_requests')
        .select('id')
        .where('at', '<', options.before)
        .limit(options.limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
