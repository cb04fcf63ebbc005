import { existsSync } from 'node:fs';
import { readFile, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type S3rver from 's3rver';

type KoaContext = {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
};

/**
 * s3rver has no ListParts and no AbortMultipartUpload, which @tus/s3-store needs to resume
 * and to remove an upload (docs/decisions/135-resumable-answer-uploads.md). This adds both,
 * reading the parts where s3rver keeps them (`<bucket>/._S3rver_uploads/<uploadId>/<n>`), so
 * the tests run the real S3 datastore against it.
 */
export function addMultipartListing(server: S3rver): void {
  const app = server as unknown as {
    middleware: ((ctx: KoaContext, next: () => Promise<void>) => unknown)[];
    store: {
      getResourcePath(bucket: string, key: undefined, resource: string): string;
    };
  };
  app.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (
      typeof uploadId !== 'string' ||
      ctx.query.partNumber !== undefined ||
      (ctx.method !== 'GET' && ctx.method !== 'DELETE')
    )
      return next();
    const [, bucket = '', ...key] = ctx.path.split('/');
    const folder = join(
      app.store.getResourcePath(bucket, undefined, 'uploads'),
      uploadId,
    );
    if (!/^[0-9a-f]+$/.test(uploadId) || !existsSync(folder)) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code>' +
        '<Message>The specified upload does not exist.</Message></Error>';
      return;
    }
    if (ctx.method === 'DELETE') {
      await rm(folder, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const numbers = (await readdir(folder))
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (number) => {
        const path = join(folder, String(number));
        const [info, md5] = await Promise.all([
          stat(path),
          readFile(`${path}.md5`, 'utf8'),
        ]);
        return (
          `<Part><PartNumber>${number}</PartNumber><ETag>"${md5}"</ETag>` +
          `<Size>${info.size}</Size><LastModified>${info.mtime.toISOString()}</LastModified></Part>`
        );
      }),
    );
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult>' +
      `<Bucket>${bucket}</Bucket><Key>${key.join('/')}</Key><UploadId>${uploadId}</UploadId>` +
      `<PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker>` +
      `<MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  });
}

/** The multipart uploads s3rver holds for a bucket that were neither completed nor aborted. */
export async function openMultipartUploads(
  folder: string,
  bucket: string,
): Promise<string[]> {
  try {
    return await readdir(join(folder, bucket, '._S3rver_uploads'));
  } catch {
    return [];
  }
}
