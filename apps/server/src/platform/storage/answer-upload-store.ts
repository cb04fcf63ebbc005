import type { DataStore, KvStore, Upload } from '@tus/server';
import { localFilesRoot, type AppContext } from '../../app-context';
import { readUploadInfo, writeUploadInfo } from './upload-info.repository';

/**
 * Where takes are written while they arrive (docs/decisions/135-resumable-answer-uploads.md).
 * A tus upload's id is the storage key of the take's original, so the finished upload is the
 * original itself, with nothing to copy: in the local folder (@tus/file-store writes the file
 * in place under its key) or as an S3 multipart upload (@tus/s3-store) that becomes the object
 * under its key when the last byte arrives.
 */
/**
 * How long after the deadline a take started before it may still finish: a recording made in
 * the last minutes is not lost to a slow connection. Erasure deletes an application's files
 * again after this (retention/erase-applications.ts), once no such upload can still write.
 */
export const TAKE_GRACE_SECONDS = 2 * 60 * 60;
/**
 * How long a take's removed bytes may still be written to by a request already under way
 * (a PATCH that started before the take was replaced): they are deleted again after this.
 */
export const LATE_UPLOAD_WRITES_SECONDS = TAKE_GRACE_SECONDS + 10 * 60;

export type AnswerUploadStore = {
  datastore: DataStore;
  /**
   * Removes what the store keeps of an upload besides the object under its key: on S3 the
   * multipart upload (aborted), its `.info` record and its `.part` tail. Deleting the key
   * itself is the caller's (the erasure tasks delete every key they are given).
   */
  removeUploadTraces(key: string): Promise<void>;
};

/** S3's smallest part but the last is 5 MiB; a part this size is sent once it has arrived. */
const S3_PART_BYTES = 8 * 2 ** 20;

const stores = new WeakMap<AppContext, Promise<AnswerUploadStore>>();

/** The context's store, made on first use (the S3 one loads the AWS SDK). */
export function answerUploadStore(ctx: AppContext): Promise<AnswerUploadStore> {
  let store = stores.get(ctx);
  if (!store) {
    store = createStore(ctx).catch((error: unknown) => {
      stores.delete(ctx);
      throw error;
    });
    stores.set(ctx, store);
  }
  return store;
}

/** Whether an upload has all of its bytes: its length is declared and reached. */
export async function finishedUploadSize(
  ctx: AppContext,
  key: string,
): Promise<number | null> {
  const { datastore } = await answerUploadStore(ctx);
  try {
    const upload = await datastore.getUpload(key);
    return upload.size !== undefined && upload.offset === upload.size
      ? upload.size
      : null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

async function createStore(ctx: AppContext): Promise<AnswerUploadStore> {
  const { s3 } = ctx.config;
  if (s3) {
    const { S3Store } = await import('@tus/s3-store');
    // The store's client is its own: SSE is added to what it writes as the S3 driver does.
    class AnswerS3Store extends S3Store {
      useEncryption(algorithm: 'AES256' | 'aws:kms') {
        this.client.middlewareStack.add(
          (next, context) => async (args) => {
            if (
              context.commandName === 'CreateMultipartUploadCommand' ||
              context.commandName === 'PutObjectCommand'
            ) {
              (args.input as { ServerSideEncryption?: string })[
                'ServerSideEncryption'
              ] = algorithm;
            }
            return next(args);
          },
          { step: 'initialize', name: 'answerUploadEncryption' },
        );
      }
    }
    const datastore = new AnswerS3Store({
      partSize: S3_PART_BYTES,
      // Every request reads the upload's record from S3: several servers may share an
      // upload, and a memory cache would keep abandoned uploads' records for ever.
      cache: noCache(),
      s3ClientConfig: {
        bucket: s3.bucket,
        region: s3.region,
        forcePathStyle: s3.forcePathStyle,
        ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
        ...(s3.accessKeyId && s3.secretAccessKey
          ? {
              credentials: {
                accessKeyId: s3.accessKeyId,
                secretAccessKey: s3.secretAccessKey,
              },
            }
          : {}),
        // As the S3 driver (platform/storage/s3-storage.ts): only checksums S3 requires.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      },
    });
    if (s3.serverSideEncryption)
      datastore.useEncryption(s3.serverSideEncryption);
    return {
      datastore,
      async removeUploadTraces(key) {
        try {
          await datastore.remove(key);
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
        await ctx.storage.delete(`${key}.info`);
        await ctx.storage.delete(`${key}.part`);
      },
    };
  }
  const { FileStore } = await import('@tus/file-store');
  const datastore = new FileStore({
    directory: localFilesRoot(ctx.config),
    configstore: uploadInfoStore(ctx),
  });
  return {
    datastore,
    // The file is the key itself; its record is on the take's row, which goes with it.
    removeUploadTraces: async () => {},
  };
}

/** The local uploads' records on their takes' rows, so nothing else is written beside them. */
function uploadInfoStore(ctx: AppContext): KvStore<Upload> {
  return {
    async get(key) {
      const info = await readUploadInfo(ctx.db, key);
      return (info ?? undefined) as Upload | undefined;
    },
    async set(key, value) {
      await writeUploadInfo(ctx.db, key, value);
    },
    async delete(key) {
      await writeUploadInfo(ctx.db, key, null);
    },
  };
}

function noCache<T>(): KvStore<T> {
  return {
    get: async () => undefined,
    set: async () => {},
    delete: async () => {},
  };
}

/** tus' "not found" and "no longer exists" errors are plain objects with a status. */
function isMissing(error: unknown): boolean {
  const status = (error as { status_code?: number } | null)?.status_code;
  return status === 404 || status === 410;
}
