import type { Db } from '../../db/connection';

export function createSession(
  db: Db,
  values: { id: string; userId: number; expiresAt: Date },
): Promise<unknown> {
  return db
    .insertInto('sessions')
    .values({
      id: values.id,
      user_id: values.userId,
      expires_at: values.expiresAt,
    })
    .execute();
}

export function findLiveSession(db: Db, id: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.locale',
      'users.current_company_id',
    ])
    .where('sessions.id', '=', id)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
}

export function touchSession(
  db: Db,
  id: string,
  expiresAt: Date,
): Promise<unknown> {
  return db
    .updateTable('sessions')
    .set({ last_seen_at: new Date(), expires_at: expiresAt })
    .where('id', '=', id)
    .execute();
}

export function deleteSession(db: Db, id: string): Promise<unknown> {
  return db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Ends every session of the user except `keepId` (the one making the change), if given. */
export function deleteSessionsOfUser(
  db: Db,
  userId: number,
  keepId: string | null = null,
): Promise<unknown> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepId !== null) query = query.where('id', '!=', keepId);
  return query.execute();
}

export function recordSignIn(db: Db, userId: number): Promise<unknown> {
  return db
    .updateTable('users')
    .set({ last_sign_in_at: new Date() })
    .where('id', '=', userId)
    .execute();
}
