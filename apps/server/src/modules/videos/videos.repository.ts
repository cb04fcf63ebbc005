import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection';
import type { VideosTable } from '../../db/schema';
import type { StoredVideoResult } from '../../platform/media/transcode-stored-video';

/** Whose videos: one company's library, or the shared stock library. */
export type VideoLibrary =
  { kind: 'company'; companyId: number } | { kind: 'stock' };

function scoped(db: Db, library: VideoLibrary) {
  const query = db.selectFrom('videos');
  return library.kind === 'stock'
    ? query.where('is_stock', '=', true).where('company_id', 'is', null)
    : query
        .where('company_id', '=', library.companyId)
        .where('is_stock', '=', false);
}

export function findVideo(db: Db, library: VideoLibrary, id: number) {
  return scoped(db, library)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findVideoById(db: Db, id: number) {
  return db
    .selectFrom('videos')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export function listVideos(
  db: Db,
  library: VideoLibrary,
  options: { category?: string | undefined; limit: number; offset: number },
) {
  let query = scoped(db, library).selectAll();
  if (options.category) query = query.where('category', '=', options.category);
  return query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}

export async function countVideos(
  db: Db,
  library: VideoLibrary,
  category?: string,
): Promise<number> {
  let query = scoped(db, library).select((eb) =>
    eb.fn.countAll<number>().as('count'),
  );
  if (category) query = query.where('category', '=', category);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Distinct categories in use, optionally only those containing `contains` (case-insensitive). */
export async function listCategories(
  db: Db,
  library: VideoLibrary,
  contains?: string,
): Promise<string[]> {
  let query = scoped(db, library)
    .select('category')
    .distinct()
    .where('category', '<>', '');
  if (contains) query = query.where('category', 'ilike', `%${contains}%`);
  const rows = await query.orderBy('category').limit(200).execute();
  return rows.map((row) => row.category);
}

export function insertVideo(db: Db, values: Insertable<VideosTable>) {
  return db
    .insertInto('videos')
    .values(values)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateVideo(
  db: Db,
  id: number,
  values: Updateable<VideosTable>,
) {
  return db
    .updateTable('videos')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteVideo(db: Db, id: number) {
  return db.deleteFrom('videos').where('id', '=', id).execute();
}

/** The playable files of a finished transcode, unless the video was reset for a new upload. */
export function markVideoTranscoded(
  db: Db,
  videoId: number,
  result: StoredVideoResult,
) {
  return db
    .updateTable('videos')
    .set({
      video_key: result.videoKey,
      thumbnail_key: result.thumbnailKey,
      duration_seconds: result.durationSeconds,
      transcoded_at: new Date(),
      failed_reason: null,
    })
    .where('id', '=', videoId)
    .where('uploading', '=', false)
    .execute();
}

export function markVideoFailed(db: Db, videoId: number, reason: string) {
  return db
    .updateTable('videos')
    .set({ failed_reason: reason })
    .where('id', '=', videoId)
    .execute();
}
