import type { Db } from '../../db/connection';
import type { AccountTokenPurpose } from '../../db/schema';

export function insertAccountToken(
  db: Db,
  values: {
    tokenHash: string;
    purpose: AccountTokenPurpose;
    email: string;
    userId: number | null;
    companyId: number | null;
    data: Record<string, unknown>;
    expiresAt: Date;
  },
) {
  return db
    .insertInto('account_tokens')
    .values({
      token_hash: values.tokenHash,
      purpose: values.purpose,
      email: values.email,
      user_id: values.userId,
      company_id: values.companyId,
      data: JSON.stringify(values.data),
      expires_at: values.expiresAt,
    })
    .execute();
}

export function findLiveAccountToken(
  db: Db,
  purpose: AccountTokenPurpose,
  tokenHash: string,
) {
  return db
    .selectFrom('account_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

/** Marks a live token used and returns it; a second use (even at the same moment) gets nothing. */
export function consumeLiveAccountToken(
  db: Db,
  purpose: AccountTokenPurpose,
  tokenHash: string,
) {
  return db
    .updateTable('account_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returningAll()
    .executeTakeFirst();
}

/** Ends the unused links of one purpose, for a user or for an address. */
export function revokeAccountTokens(
  db: Db,
  options: { purpose: AccountTokenPurpose } & (
    | { userId: number }
    | { email: string }
    | { companyId: number; userId: number }
  ),
) {
  let query = db
    .updateTable('account_tokens')
    .set({ used_at: new Date() })
    .where('purpose', '=', options.purpose)
    .where('used_at', 'is', null);
  if ('email' in options)
    query = query.where(
      (eb) => eb.fn('lower', ['email']),
      '=',
      options.email.toLowerCase(),
    );
  if ('userId' in options) query = query.where('user_id', '=', options.userId);
  if ('companyId' in options)
    query = query.where('company_id', '=', options.companyId);
  return query.execute();
}
