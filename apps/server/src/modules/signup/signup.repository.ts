import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/** The live sign-up links sent to an address (normally one; a resend adds another). */
export function findLiveSignupTokens(db: Db, email: string) {
  return db
    .selectFrom('account_tokens')
    .select(['token_hash', 'data', 'created_at'])
    .where('purpose', '=', 'signup')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .execute();
}
