import { randomBytes, randomUUID } from 'node:crypto';
import {
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
} from '@candor/domain';
import type { Db } from '../../db/connection';
import { hashApiKey } from '../../platform/auth/api-key';
import { notFound } from '../../platform/http/errors';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { recordAudit } from '../audit-log/audit-log.service';
import type { TeamCaller } from '../team/team.service';
import {
  findCompanyKey,
  insertApiKey,
  insertKeyUser,
  revokeCompanyKey,
  type ApiKeyRow,
} from './api-keys.repository';

/** The prefix and this many characters of the secret are shown in the list. */
const SHOWN_CHARACTERS = 8;

export function toApiKey(row: ApiKeyRow): ApiKey {
  const creator =
    row.first_name === null
      ? null
      : {
          full_name: `${row.first_name} ${row.last_name ?? ''}`.trim(),
        };
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    created_by: creator,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at ? row.last_used_at.toISOString() : null,
    revoked_at: row.revoked_at ? row.revoked_at.toISOString() : null,
  };
}

/**
 * A new key and the system user it acts as, in one transaction. 256 random bits: the hash
 * alone is stored, and a plain sha256 is enough for a secret nobody could guess.
 */
export async function createApiKey(
  db: Db,
  options: { caller: TeamCaller; input: ApiKeyCreate; origin: RequestOrigin },
): Promise<ApiKeyCreated> {
  const { caller, input, origin } = options;
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = await db.transaction().execute(async (trx) => {
    const user = await insertKeyUser(trx, {
      // Never sent to: `.invalid` is reserved and can never be delivered (RFC 2606).
      email: `api-key-${randomUUID()}@keys.candor.invalid`,
      name: input.name,
      companyId: caller.company.id,
    });
    const key = await insertApiKey(trx, {
      companyId: caller.company.id,
      userId: user.id,
      name: input.name,
      scope: input.scope,
      prefix: secret.slice(0, API_KEY_PREFIX.length + SHOWN_CHARACTERS),
      secretHash: hashApiKey(secret),
      createdBy: caller.user.id,
    });
    await recordAudit(trx, {
      companyId: caller.company.id,
      origin,
      action: 'api_key.created',
      target: { type: 'api_key', id: key.id, label: input.name },
      details: { scope: input.scope },
    });
    return key.id;
  });
  return { ...(await readApiKey(db, caller, id)), secret };
}

export async function readApiKey(
  db: Db,
  caller: TeamCaller,
  keyId: number,
): Promise<ApiKey> {
  const row = await findCompanyKey(db, {
    companyId: caller.company.id,
    keyId,
  });
  if (!row) throw notFound('This API key');
  return toApiKey(row);
}

/** Takes effect with the next request: every request reads its key from the database. */
export async function revokeApiKey(
  db: Db,
  options: { caller: TeamCaller; keyId: number; origin: RequestOrigin },
): Promise<void> {
  const { caller, keyId, origin } = options;
  const key = await readApiKey(db, caller, keyId);
  if (key.revoked_at !== null) return;
  await db.transaction().execute(async (trx) => {
    await revokeCompanyKey(trx, { companyId: caller.company.id, keyId });
    await recordAudit(trx, {
      companyId: caller.company.id,
      origin,
      action: 'api_key.revoked',
      target: { type: 'api_key', id: keyId, label: key.name },
      details: { scope: key.scope, prefix: key.prefix },
    });
  });
}
