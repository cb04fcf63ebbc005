import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/** The NOTIFY channel on which a request asks the holder of an upload's lock to let go. */
export const UPLOAD_LOCK_CHANNEL = 'candor_upload_locks';

type LockKey = { uploadId: string; holder: string };

/** Takes the upload's lock for `leaseMs` if nobody holds it or the holder's lease ran out. */
export async function claimUploadLock(
  db: Db,
  lock: LockKey & { leaseMs: number },
): Promise<boolean> {
  const expiresAt = sql<Date>`now() + ${lock.leaseMs} * interval '1 millisecond'`;
  const claimed = await db
    .insertInto('upload_locks')
    .values({
      upload_id: lock.uploadId,
      holder: lock.holder,
      expires_at: expiresAt,
    })
    .onConflict((conflict) =>
      conflict
        .column('upload_id')
        .doUpdateSet({ holder: lock.holder, expires_at: expiresAt })
        .where('upload_locks.expires_at', '<', sql<Date>`now()`),
    )
    .returning('holder')
    .executeTakeFirst();
  return claimed?.holder === lock.holder;
}

/** Extends the holder's lease; false when the lock is no longer theirs. */
export async function extendUploadLock(
  db: Db,
  lock: LockKey & { leaseMs: number },
): Promise<boolean> {
  const result = await db
    .updateTable('upload_locks')
    .set({
      expires_at: sql<Date>`now() + ${lock.leaseMs} * interval '1 millisecond'`,
    })
    .where('upload_id', '=', lock.uploadId)
    .where('holder', '=', lock.holder)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function releaseUploadLock(db: Db, lock: LockKey): Promise<void> {
  await db
    .deleteFrom('upload_locks')
    .where('upload_id', '=', lock.uploadId)
    .where('holder', '=', lock.holder)
    .execute();
}

/** Tells every server that a request waits for the upload's lock. */
export async function askForUploadLock(db: Db, uploadId: string) {
  await sql`SELECT pg_notify(${UPLOAD_LOCK_CHANNEL}, ${uploadId})`.execute(db);
}

/** Locks whose lease ended: their server died before unlocking (a live holder extends it). */
export async function deleteLapsedUploadLocks(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('upload_locks')
    .where('expires_at', '<', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
