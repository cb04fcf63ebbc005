import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/connection';
import type { AnswerTakesTable } from '../../db/schema';

/** A new take; the caller has replaced the question's older takes in the same transaction. */
export function insertTake(
  db: Db,
  values: {
    takeHash: string;
    answerId: number;
    applicationId: number;
    companyId: number;
    questionId: number;
    key: string;
    contentType: string;
    maxBytes: number;
    quotaBytes: number;
  },
) {
  return db
    .insertInto('answer_takes')
    .values({
      take_hash: values.takeHash,
      answer_id: values.answerId,
      application_id: values.applicationId,
      company_id: values.companyId,
      question_id: values.questionId,
      key: values.key,
      content_type: values.contentType,
      max_bytes: values.maxBytes,
      quota_bytes: values.quotaBytes,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

/**
 * Ends the takes of one question a newer take replaces, and returns their keys, whose bytes
 * the caller removes. A complete take goes too: its answer was not submitted (the caller
 * refuses a new take of an answered question), so the interviewee recorded again after Stop.
 */
export async function replaceQuestionTakes(
  db: Db,
  options: { applicationId: number; questionId: number },
): Promise<string[]> {
  const rows = await db
    .updateTable('answer_takes')
    .set({ removed_at: new Date(), removed_reason: 'replaced' })
    .where('application_id', '=', options.applicationId)
    .where('question_id', '=', options.questionId)
    .where('removed_at', 'is', null)
    .returning('key')
    .execute();
  return rows.map((row) => row.key);
}

/** Bytes every take of an application has received, removed takes included. */
export async function sumApplicationBytes(
  db: Db,
  applicationId: number,
): Promise<number> {
  const row = await db
    .selectFrom('answer_takes')
    .select((eb) =>
      eb.fn
        .coalesce(eb.fn.sum<number>('received_bytes'), sql<number>`0`)
        .as('bytes'),
    )
    .where('application_id', '=', applicationId)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/**
 * A take by the hash of its secret id, with what deciding on one of its upload's requests
 * needs: whether the interview still takes answers, whether the answer still points at this
 * take, and the bytes the application's takes have received together.
 */
export function findTakeForUpload(db: Db, takeHash: string) {
  return db
    .selectFrom('answer_takes as t')
    .innerJoin('applications as a', 'a.id', 't.application_id')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .innerJoin('answers as ans', 'ans.id', 't.answer_id')
    .select([
      't.id',
      't.answer_id',
      't.application_id',
      't.question_id',
      't.key',
      't.content_type',
      't.max_bytes',
      't.quota_bytes',
      't.received_bytes',
      't.created_at',
      't.upload_started_at',
      't.completed_at',
      't.removed_at',
      't.removed_reason',
      'a.declined_at',
      'a.deadline',
      'j.status as job_status',
      'j.deadline as job_deadline',
      'ans.original_key as answer_key',
      'ans.status as answer_status',
    ])
    .select(
      sql<number>`(SELECT coalesce(sum(o.received_bytes), 0) FROM answer_takes o
        WHERE o.application_id = t.application_id)`.as('application_bytes'),
    )
    .where('t.take_hash', '=', takeHash)
    .executeTakeFirst();
}
export type UploadTake = NonNullable<
  Awaited<ReturnType<typeof findTakeForUpload>>
>;

export function findTakeByKey(db: Db, key: string) {
  return db
    .selectFrom('answer_takes')
    .selectAll()
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Claims the take's one upload; false when it was created already. */
export async function claimUploadStart(db: Db, takeId: number) {
  const row = await db
    .updateTable('answer_takes')
    .set({ upload_started_at: new Date() })
    .where('id', '=', takeId)
    .where('upload_started_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives the claim back when creating the upload failed, so the browser may try again. */
export function releaseUploadStart(db: Db, takeId: number) {
  return db
    .updateTable('answer_takes')
    .set({ upload_started_at: null })
    .where('id', '=', takeId)
    .execute();
}

export function setReceivedBytes(db: Db, takeId: number, bytes: number) {
  return db
    .updateTable('answer_takes')
    .set({ received_bytes: bytes })
    .where('id', '=', takeId)
    .where('received_bytes', '<', bytes)
    .execute();
}

/** Ends a take still open (neither completed nor removed); false when it ended meanwhile. */
async function endOpenTake(
  db: Db,
  takeId: number,
  end: Updateable<AnswerTakesTable>,
): Promise<boolean> {
  const row = await db
    .updateTable('answer_takes')
    .set(end)
    .where('id', '=', takeId)
    .where('completed_at', 'is', null)
    .where('removed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the take complete; false when it was completed or removed meanwhile. */
export function markTakeCompleted(
  db: Db,
  takeId: number,
  receivedBytes: number,
) {
  return endOpenTake(db, takeId, {
    completed_at: new Date(),
    received_bytes: receivedBytes,
  });
}

/** Locks the take's row for the caller's transaction; false when it was removed. */
export async function lockLiveTake(db: Db, takeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('answer_takes')
    .select('id')
    .where('id', '=', takeId)
    .where('removed_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export function markTakeRemoved(
  db: Db,
  takeId: number,
  reason: string,
): Promise<boolean> {
  return endOpenTake(db, takeId, {
    removed_at: new Date(),
    removed_reason: reason,
  });
}

/**
 * Ends up to `limit` takes started before `createdBefore` and returns their keys: those never
 * finished, and complete ones whose answer was never submitted (decision 164). SKIP LOCKED
 * lets two workers sweep side by side, and skips a take whose answer is being submitted.
 */
export async function removeStaleTakes(
  db: Db,
  options: { createdBefore: Date; limit: number },
): Promise<string[]> {
  const result = await sql<{ key: string }>`
    UPDATE answer_takes SET removed_at = now(), removed_reason = 'expired'
    WHERE id IN (
      SELECT t.id FROM answer_takes t
      WHERE t.removed_at IS NULL AND t.created_at < ${options.createdBefore}
        AND (t.completed_at IS NULL OR EXISTS (
          SELECT 1 FROM answers a
          WHERE a.id = t.answer_id AND a.original_key = t.key AND a.status = 'uploading'))
      ORDER BY t.created_at
      LIMIT ${options.limit}
      FOR UPDATE OF t SKIP LOCKED
    )
    RETURNING key`.execute(db);
  return result.rows.map((row) => row.key);
}
