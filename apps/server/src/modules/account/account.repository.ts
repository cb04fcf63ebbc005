import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { UsersTable } from '../../db/schema';
import type { Updateable } from 'kysely';

export function findAccount(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'first_name',
      'last_name',
      'locale',
      'password_hash',
      'notify_new_responses',
      'notify_daily_summary',
      'current_company_id',
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function isEmailTaken(
  db: Db,
  email: string,
  exceptUserId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
  return row !== undefined;
}

export function updateAccount(
  db: Db,
  userId: number,
  values: Updateable<UsersTable>,
) {
  return db.updateTable('users').set(values).where('id', '=', userId).execute();
}

/** The new address of the user's latest live e-mail change, if any. */
export async function findPendingEmail(
  db: Db,
  userId: number,
): Promise<string | null> {
  const row = await db
    .selectFrom('account_tokens')
    .select('email')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'email_change')
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.email ?? null;
}

export function countMemberships(db: Db, userId: number) {
  return db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
}
