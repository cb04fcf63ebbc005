import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { z } from 'zod';
import type { App } from '../http/app-types';
import { AppError } from '../http/errors';
import { freeUploadedChunks } from '../http/minor-gc';
import {
  LOCAL_FILES_PATH,
  LOCAL_UPLOADS_PATH,
  uploadSignatureParts,
} from './local-storage';
import { verifySignature } from './signing';
import type { Storage } from './storage';

const downloadQuery = z.object({
  expires: z.coerce.number().int(),
  signature: z.string(),
  filename: z.string().max(200).optional(),
});
const uploadQuery = z.object({
  expires: z.coerce.number().int(),
  max: z.coerce.number().int().positive(),
  md5: z.string().optional(),
  signature: z.string(),
});

/** Serves the local storage driver's signed URLs: range downloads and streamed uploads. */
export function registerLocalStorageRoutes(
  app: App,
  options: {
    storage: Storage;
    secret: string;
  },
): void {
  app.get(
    `${LOCAL_FILES_PATH}/*`,
    {
      config: { access: 'public' },
      schema: { hide: true, querystring: downloadQuery },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { expires, signature, filename } = request.query;
      checkSignature(options.secret, ['get', key, expires], signature, expires);
      const size = await options.storage.size(key);
      if (size === null)
        throw new AppError('not_found', 'This file was not found.');
      const range = parseRange(request.headers.range, size);
      const object = await options.storage.read(key, range ?? undefined);
      reply.header('Accept-Ranges', 'bytes');
      reply.header('Content-Type', object.contentType);
      reply.header('Cache-Control', 'private, max-age=3600');
      if (filename)
        reply.header(
          'Content-Disposition',
          `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
        );
      if (range) {
        reply.status(206);
        reply.header(
          'Content-Range',
          `bytes ${range.start}-${range.end}/${size}`,
        );
        reply.header('Content-Length', range.end - range.start + 1);
      } else {
        reply.header('Content-Length', size);
      }
      return reply.send(object.stream);
    },
  );

  // Upload bodies of any type stream straight to storage: only this scope leaves them unparsed.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    registerUploadRoute(scope as App, options);
  });
}

function registerUploadRoute(
  app: App,
  options: {
    storage: Storage;
    secret: string;
  },
): void {
  app.put(
    `${LOCAL_UPLOADS_PATH}/*`,
    {
      schema: { hide: true, querystring: uploadQuery },
      config: { access: 'public', csrf: false },
      bodyLimit: Number.MAX_SAFE_INTEGER,
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { expires, max, md5, signature } = request.query;
      checkSignature(
        options.secret,
        uploadSignatureParts(key, expires, max, md5),
        signature,
        expires,
      );
      // As S3 with a signed Content-MD5: the header must be the signed value.
      if (md5 !== undefined && request.headers['content-md5'] !== md5)
        throw new AppError(
          'bad_request',
          'The Content-MD5 header does not match this upload link.',
        );
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > max)
        throw new AppError('too_large', 'The upload is too large.');
      let received = 0;
      const hash = md5 === undefined ? null : createHash('md5');
      const freeWrittenChunks = freeUploadedChunks();
      // Counting while streaming cuts off a body that lies about its length; the MD5 is
      // checked before storage keeps the file (put() renames only after the stream ends).
      const checked = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          received += chunk.length;
          hash?.update(chunk);
          freeWrittenChunks(chunk.length);
          if (received > max)
            callback(new AppError('too_large', 'The upload is too large.'));
          else callback(null, chunk);
        },
        flush(callback) {
          if (hash && hash.digest('base64') !== md5)
            callback(
              new AppError(
                'bad_request',
                'The uploaded file does not match its checksum. Upload it again.',
              ),
            );
          else callback();
        },
      });
      const body = request.raw.pipe(checked);
      // A small body can end (and fail its check) before put() attaches its pipeline; this
      // keeps that early error from crashing the process, and put() still rejects with it
      // because the stream stays errored.
      body.on('error', () => {});
      await options.storage.put(
        key,
        body,
        String(request.headers['content-type'] ?? ''),
      );
      return reply.status(201).send({ key, size: received });
    },
  );
}

function checkSignature(
  secret: string,
  parts: (string | number)[],
  signature: string,
  expires: number,
) {
  if (expires < Date.now() / 1000)
    throw new AppError('forbidden', 'This link has expired.');
  if (!verifySignature(secret, parts, signature))
    throw new AppError('forbidden', 'This link is not valid.');
}

function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || size === 0) return null;
  const [, from, to] = match;
  const start = from ? Number(from) : Math.max(0, size - Number(to));
  const end = from && to ? Math.min(Number(to), size - 1) : size - 1;
  if (start > end || start >= size)
    throw new AppError(
      'bad_request',
      'The requested range is not satisfiable.',
    );
  return { start, end };
}
