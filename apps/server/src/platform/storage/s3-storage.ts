import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../../config';
import { assertSafeKey, contentTypeForKey, type Storage } from './storage';

export type S3Settings = NonNullable<Config['s3']>;

/**
 * Files in an S3-compatible bucket. Browsers upload and download directly with presigned,
 * expiring URLs (GET supports Range, so players can seek); the server streams through temp
 * files and sends Content-MD5 so S3 rejects a body damaged on the way.
 */
export function createS3Storage(
  settings: S3Settings,
): Storage & { client: S3Client } {
  const clientConfig: S3ClientConfig = {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Only checksums S3 requires: the default adds chunked checksum framing that
    // S3-compatible servers store as part of the body.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (settings.endpoint) clientConfig.endpoint = settings.endpoint;
  if (settings.accessKeyId && settings.secretAccessKey) {
    clientConfig.credentials = {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    };
  }
  const client = new S3Client(clientConfig);
  const Bucket = settings.bucket;
  const encryption = settings.serverSideEncryption
    ? { ServerSideEncryption: settings.serverSideEncryption }
    : {};

  return {
    client,
    async put(key, body, contentType) {
      assertSafeKey(key);
      const type = contentType || contentTypeForKey(key);
      if (Buffer.isBuffer(body)) {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentType: type,
            ContentLength: body.length,
            ContentMD5: createHash('md5').update(body).digest('base64'),
            ...encryption,
          }),
        );
        return { size: body.length };
      }
      // The MD5 must be in the headers before the body, so a stream is spooled to a temp
      // file while hashing (bounded memory), then sent from that file.
      const folder = await mkdtemp(join(tmpdir(), 'candor-s3-'));
      try {
        const path = join(folder, 'body');
        const hash = createHash('md5');
        const hasher = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            hash.update(chunk);
            callback(null, chunk);
          },
        });
        await pipeline(body, hasher, createWriteStream(path));
        const { size } = await stat(path);
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: createReadStream(path),
            ContentType: type,
            ContentLength: size,
            ContentMD5: hash.digest('base64'),
            ...encryption,
          }),
        );
        return { size };
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    async read(key, range) {
      assertSafeKey(key);
      const reply = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!(reply.Body instanceof Readable))
        throw new Error(`No body for ${key}`);
      return {
        stream: reply.Body,
        size: reply.ContentLength ?? 0,
        contentType: reply.ContentType ?? contentTypeForKey(key),
      };
    },
    async size(key) {
      assertSafeKey(key);
      try {
        const head = await client.send(
          new HeadObjectCommand({ Bucket, Key: key }),
        );
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    // A single PUT stores all of the body or nothing: no partial objects to remove.
    async sweepPartialWrites() {
      return 0;
    },
    async downloadUrl(key, { expiresInSeconds = 3600, filename } = {}) {
      assertSafeKey(key);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ...(filename
          ? {
              ResponseContentDisposition: `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
            }
          : {}),
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },
    async uploadUrl(key, { contentType, contentMd5, expiresInSeconds = 3600 }) {
      assertSafeKey(key);
      // A presigned PUT cannot carry a size range; callers check the stored size
      // (`size(key)`) before accepting an upload (docs/decisions/042-media-tasks-storage.md).
      // Content-MD5 is a signed header: the browser must send exactly this value, and S3
      // answers BadDigest when the body's MD5 differs (docs/decisions/091-upload-content-md5.md).
      const command = new PutObjectCommand({
        Bucket,
        Key: key,
        ContentType: contentType,
        ...(contentMd5 ? { ContentMD5: contentMd5 } : {}),
        ...encryption,
      });
      const signed = ['content-type'];
      if (contentMd5) signed.push('content-md5');
      if (settings.serverSideEncryption)
        signed.push('x-amz-server-side-encryption');
      const url = await getSignedUrl(client, command, {
        expiresIn: expiresInSeconds,
        signableHeaders: new Set(signed),
      });
      const headers: Record<string, string> = { 'Content-Type': contentType };
      if (contentMd5) headers['Content-MD5'] = contentMd5;
      // A signed header: the browser's upload is encrypted at rest like the server's own.
      if (settings.serverSideEncryption) {
        headers['x-amz-server-side-encryption'] = settings.serverSideEncryption;
      }
      return { url, method: 'PUT', headers };
    },
  };
}

function isNotFound(error: unknown): boolean {
  const candidate = error as {
    name?: string;
    $metadata?: { httpStatusCode?: number };
  };
  return (
    candidate.name === 'NotFound' || candidate.$metadata?.httpStatusCode === 404
  );
}
