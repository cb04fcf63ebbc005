import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/** The live sign-up links sent to an address (normally one; a resend adds another). */
export function findLiveSignupTokens(db: Db, email: string) {
  return db
    .selectFrom('account_tokens')
    .select(['token_hash', 'email', 'data', 'created_at'])
    .where('purpose', '=', 'signup')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .execute();
}

/** The account of an address, whatever it is (one with a password, SSO, or a placeholder). */
export function findAccountByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'first_name',
      'password_hash',
      'sso_provider',
      'is_system',
      'locale',
    ])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Whether anyone can sign in with a password yet (an empty install has nobody). */
export async function hasPasswordHolder(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('password_hash', 'is not', null)
    .where('is_system', '=', false)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

type NewAccount = {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  locale: string;
};

/** A new account; undefined if another took the address at the same moment. */
export async function insertAccount(
  db: Db,
  values: NewAccount,
): Promise<number | undefined> {
  const row = await db
    .insertInto('users')
    .values({
      email: values.email,
      first_name: values.firstName,
      last_name: values.lastName,
      password_hash: values.passwordHash,
      sso_provider: null,
      locale: values.locale,
      current_company_id: null,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Gives an account made by an invitation (no password yet) the sign-up's names and password.
 * Only while it still has none: a password set meanwhile is never replaced.
 */
export async function completePlaceholder(
  db: Db,
  userId: number,
  values: Omit<NewAccount, 'email'>,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      first_name: values.firstName,
      last_name: values.lastName,
      password_hash: values.passwordHash,
      locale: values.locale,
    })
    .where('id', '=', userId)
    .where('password_hash', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
