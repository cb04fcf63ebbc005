import { sql } from 'kysely';
import type { Db } from '../../db/connection';

const accountColumns = [
  'id',
  'email',
  'first_name',
  'last_name',
  'locale',
  'password_hash',
  'is_system',
] as const;

export function findAccountByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(accountColumns)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findAccountById(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(accountColumns)
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  return db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .execute();
}
