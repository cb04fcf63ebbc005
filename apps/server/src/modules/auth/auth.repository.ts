import { sql } from 'kysely';
import type { Db } from '../../db/connection';

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'first_name',
      'last_name',
      'password_hash',
      'sso_provider',
      'is_system',
    ])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function domainUsesSso(db: Db, domain: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(
      sql<string>`lower(split_part(email, '@', 2))`,
      '=',
      domain.toLowerCase(),
    )
    .where('sso_provider', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
