import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection';
import type { AttachmentsTable } from './attachment-tables';

export function listAttachmentRows(db: Db, jobId: number) {
  return db
    .selectFrom('attachments')
    .selectAll()
    .where('job_id', '=', jobId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findAttachmentRow(db: Db, jobId: number, id: number) {
  return db
    .selectFrom('attachments')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countAttachments(db: Db, jobId: number): Promise<number> {
  const row = await db
    .selectFrom('attachments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('job_id', '=', jobId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function insertAttachment(db: Db, values: Insertable<AttachmentsTable>) {
  return db
    .insertInto('attachments')
    .values(values)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteAttachment(db: Db, id: number) {
  return db.deleteFrom('attachments').where('id', '=', id).execute();
}
