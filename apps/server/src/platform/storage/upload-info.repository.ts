import type { Db } from '../../db/connection';

/** A local take upload's tus record, kept on its take's row (answer-upload-store.ts). */
export async function readUploadInfo(db: Db, key: string): Promise<unknown> {
  const row = await db
    .selectFrom('answer_takes')
    .select('upload_info')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.upload_info ?? undefined;
}

export function writeUploadInfo(db: Db, key: string, info: unknown | null) {
  return db
    .updateTable('answer_takes')
    .set({ upload_info: info === null ? null : JSON.stringify(info) })
    .where('key', '=', key)
    .execute();
}
