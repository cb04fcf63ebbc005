import { randomUUID } from 'node:crypto';
import {
  STOCK_VIDEOS_SHORTNAME,
  VIDEO_UPLOAD_LIMIT_BYTES,
  type Video,
  type VideoCreate,
  type VideoSignature,
  type VideoSignatureRequest,
  type VideoUpdate,
} from '@candor/domain';
import { escapeLikePattern } from '../../db/like-pattern';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import type { Video as VideoRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../platform/http/errors';
import { enqueueTask } from '../../platform/tasks/tasks.repository';
import { emit } from '../../platform/events/emit';
import { findCompanyById } from '../companies/companies.repository';
import {
  deleteVideo,
  findVideo,
  insertVideo,
  listCategories,
  updateVideo,
  type VideoLibrary,
} from './videos.repository';

export const PROCESS_VIDEO_TASK = 'video.process';
/** How long a signed upload URL stays valid: enough to start a large upload on a slow line. */
export const UPLOAD_URL_SECONDS = 60 * 60;

type Caller = { id: number; companyId: number };

type CompanyLibrary = Extract<VideoLibrary, { kind: 'company' }>;

/**
 * The library behind a shortname: the caller's current company, or the shared stock
 * library (read-only). Any other company's shortname looks exactly like an unknown one.
 */
export async function resolveLibrary(
  db: Db,
  caller: Caller,
  shortname: string,
): Promise<VideoLibrary> {
  if (shortname === STOCK_VIDEOS_SHORTNAME) return { kind: 'stock' };
  return resolveWritableLibrary(db, caller, shortname);
}

/** Only the caller's own company library can be changed. */
export async function resolveWritableLibrary(
  db: Db,
  caller: Caller,
  shortname: string,
): Promise<CompanyLibrary> {
  if (shortname === STOCK_VIDEOS_SHORTNAME)
    throw forbidden('Stock videos cannot be changed.');
  const company = await findCompanyById(db, caller.companyId);
  if (!company || company.shortname !== shortname)
    throw notFound('This video library');
  return { kind: 'company', companyId: company.id };
}

export async function requireVideo(
  db: Db,
  library: VideoLibrary,
  id: number,
): Promise<VideoRow> {
  const video = await findVideo(db, library, id);
  if (!video) throw notFound('This video');
  return video;
}

/** The API shape of a video, with short-lived signed links to the playable file and still. */
export async function toVideoReply(
  ctx: AppContext,
  video: VideoRow,
): Promise<Video> {
  const [url, thumbnail] = await Promise.all([
    video.video_key ? ctx.storage.downloadUrl(video.video_key) : null,
    video.thumbnail_key ? ctx.storage.downloadUrl(video.thumbnail_key) : null,
  ]);
  return {
    id: video.id,
    filename: video.filename,
    description: video.description,
    category: video.category,
    uuid: video.uuid,
    bucket: ctx.config.s3?.bucket ?? 'local',
    uploaded_at: isoOrNull(video.uploaded_at),
    thumbnail,
    url,
    uploading: video.uploading,
    transcoded_at: isoOrNull(video.transcoded_at),
    failed_reason: video.failed_reason,
    duration_seconds: video.duration_seconds,
    is_stock: video.is_stock,
  };
}

export function searchCategories(
  db: Db,
  library: VideoLibrary,
  text: string | undefined,
) {
  return listCategories(
    db,
    library,
    text ? escapeLikePattern(text) : undefined,
  );
}

export function createVideo(
  db: Db,
  library: CompanyLibrary,
  caller: Caller,
  input: VideoCreate,
) {
  return insertVideo(db, {
    company_id: library.companyId,
    uuid: randomUUID(),
    filename: input.filename,
    // A new video is titled after its file until someone renames it.
    description: input.description || input.filename.replace(/\.[^.]+$/, ''),
    category: input.category,
    uploading: true,
    created_by: caller.id,
  });
}

/**
 * Where the original goes: a folder per company, keyed by the video's uuid plus the
 * original file's extension (spec section 9).
 */
export function originalKeyFor(
  video: Pick<VideoRow, 'company_id' | 'uuid' | 'filename'>,
): string {
  const extension =
    /\.([a-z0-9]{1,5})$/i.exec(video.filename)?.[1]?.toLowerCase() ?? 'bin';
  return `videos/${video.company_id ?? 'stock'}/originals/${video.uuid}.${extension}`;
}

export function playableKeyPrefix(
  video: Pick<VideoRow, 'company_id' | 'uuid'>,
): string {
  return `videos/${video.company_id ?? 'stock'}/${video.uuid}`;
}

export async function signVideoUpload(
  ctx: AppContext,
  video: VideoRow,
  request: VideoSignatureRequest,
): Promise<VideoSignature> {
  if (!video.uploading) {
    throw new AppError(
      'conflict',
      'This video has already been uploaded. Reset it to upload again.',
    );
  }
  const key = originalKeyFor(video);
  const signed = await ctx.storage.uploadUrl(key, {
    contentType: request.content_type,
    maxBytes: request.size,
    contentMd5: request.content_md5,
    expiresInSeconds: UPLOAD_URL_SECONDS,
  });
  if (video.original_key !== key)
    await updateVideo(ctx.db, video.id, { original_key: key });
  return { ...signed, key, expires_in: UPLOAD_URL_SECONDS };
}

/** The browser says its direct upload finished: check the bytes arrived, then queue processing. */
export async function completeVideoUpload(
  ctx: AppContext,
  video: VideoRow,
  caller: Caller,
): Promise<VideoRow> {
  if (!video.uploading) return video;
  const size = video.original_key
    ? await ctx.storage.size(video.original_key)
    : null;
  if (!size)
    throw new AppError(
      'bad_request',
      'The video file has not arrived yet. Upload it first.',
    );
  // A presigned S3 PUT cannot cap the size, so the stored size is checked here.
  if (size > VIDEO_UPLOAD_LIMIT_BYTES)
    throw new AppError('too_large', 'The video must be 500 MB or smaller.');
  return ctx.db.transaction().execute(async (trx) => {
    const updated = await updateVideo(trx, video.id, {
      uploading: false,
      uploaded_at: new Date(),
      transcoded_at: null,
      failed_reason: null,
    });
    await enqueueTask(trx, {
      kind: PROCESS_VIDEO_TASK,
      payload: { videoId: video.id },
    });
    if (video.company_id !== null) {
      await emit(trx, {
        companyId: video.company_id,
        userId: caller.id,
        type: 'video.uploaded',
        data: { title: updated.description, filename: updated.filename },
      });
    }
    return updated;
  });
}

/** The upload-status reset: back to "uploading" so a new file can be sent for the same video. */
export async function resetVideoUpload(
  ctx: AppContext,
  video: VideoRow,
): Promise<VideoRow> {
  const stale = [video.video_key, video.thumbnail_key].filter(
    (key): key is string => !!key,
  );
  const updated = await updateVideo(ctx.db, video.id, {
    uploading: true,
    uploaded_at: null,
    transcoded_at: null,
    failed_reason: null,
    video_key: null,
    thumbnail_key: null,
    duration_seconds: null,
  });
  await Promise.all(stale.map((key) => ctx.storage.delete(key)));
  return updated;
}

export async function changeVideo(
  db: Db,
  video: VideoRow,
  input: VideoUpdate,
): Promise<VideoRow> {
  const values: Parameters<typeof updateVideo>[2] = {};
  if (input.description !== undefined) values.description = input.description;
  if (input.category !== undefined) values.category = input.category;
  if (input.uploaded_at !== undefined)
    values.uploaded_at = new Date(input.uploaded_at);
  if (Object.keys(values).length === 0) return video;
  return updateVideo(db, video.id, values);
}

/** Deletes the row and every stored file of the video (original, playable copy, still). */
export async function removeVideo(
  ctx: AppContext,
  video: VideoRow,
  caller: Caller,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await deleteVideo(trx, video.id);
    if (video.company_id !== null) {
      await emit(trx, {
        companyId: video.company_id,
        userId: caller.id,
        type: 'video.deleted',
        data: { title: video.description },
      });
    }
  });
  const keys = [
    video.original_key,
    video.video_key,
    video.thumbnail_key,
  ].filter((key): key is string => !!key);
  await Promise.all(keys.map((key) => ctx.storage.delete(key)));
}

function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
