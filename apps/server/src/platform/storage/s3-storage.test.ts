import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeWebmRecording,
  testMediaTools,
} from '../../../test/media-fixtures';
import { transcodeStoredVideo, useMediaTools } from '../media';
import { createS3Storage } from './s3-storage';

// The media pipeline below runs without an app, which would set the programs it uses.
useMediaTools(testMediaTools);

let server: S3rver;
let folder: string;
let port: number;
let storage: ReturnType<typeof createS3Storage>;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'candor-s3rver-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: folder,
    configureBuckets: [{ name: 'candor-test' }],
  });
  ({ port } = await server.run());
  storage = createS3Storage({
    bucket: 'candor-test',
    region: 'eu-west-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    serverSideEncryption: undefined,
  });
});
afterAll(async () => {
  storage.client.destroy();
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('the S3 storage driver', () => {
  it('defaults to eu-west-1 and sends Content-MD5 with what it stores', async () => {
    expect(await storage.client.config.region()).toBe('eu-west-1');
    const sent: string[] = [];
    storage.client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { headers: Record<string, string> };
        if (request.headers['content-md5'])
          sent.push(request.headers['content-md5']);
        return next(args);
      },
      { step: 'finalizeRequest', name: 'recordMd5' },
    );
    await storage.put('companies/1/a.txt', Buffer.from('hello'), 'text/plain');
    await storage.put(
      'companies/1/b.txt',
      Readable.from([Buffer.from('stre'), Buffer.from('amed')]),
      'text/plain',
    );
    // base64 MD5 of 'hello' and of 'streamed'.
    expect(sent).toEqual([
      'XUFAKrxLKna5cZ2REBfFkg==',
      'LLY47tsqHA5T5/c7gc4DDg==',
    ]);
    storage.client.middlewareStack.remove('recordMd5');
  });

  it('stores, reads ranges, sizes and deletes', async () => {
    const { size } = await storage.put(
      'companies/1/c.txt',
      Readable.from([Buffer.from('0123456789')]),
      'text/plain',
    );
    expect(size).toBe(10);
    expect(await storage.size('companies/1/c.txt')).toBe(10);
    expect(
      await text(
        (await storage.read('companies/1/c.txt', { start: 2, end: 4 })).stream,
      ),
    ).toBe('234');
    await storage.delete('companies/1/c.txt');
    expect(await storage.size('companies/1/c.txt')).toBeNull();
  });

  it('hands out presigned URLs for direct uploads and range downloads', async () => {
    const upload = await storage.uploadUrl('companies/2/originals/take.webm', {
      contentType: 'video/webm',
      maxBytes: 1000,
    });
    const put = await fetch(upload.url, {
      method: 'PUT',
      headers: upload.headers,
      body: 'direct upload body',
    });
    expect(put.status).toBe(200);
    expect(await storage.size('companies/2/originals/take.webm')).toBe(18);

    const url = await storage.downloadUrl('companies/2/originals/take.webm', {
      expiresInSeconds: 60,
    });
    expect(url).toContain('X-Amz-Expires=60');
    const ranged = await fetch(url, { headers: { range: 'bytes=0-5' } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe('direct');
  });

  it('runs the media pipeline on stored originals', async () => {
    await storage.put(
      'companies/3/originals/x.webm',
      makeWebmRecording({ seconds: 1 }),
      'video/webm',
    );
    const result = await transcodeStoredVideo(storage, {
      originalKey: 'companies/3/originals/x.webm',
      targetPrefix: 'companies/3/videos/x',
    });
    expect(result.videoKey).toBe('companies/3/videos/x.mp4');
    expect(await storage.size(result.videoKey)).toBeGreaterThan(1000);
    expect((await storage.read(result.thumbnailKey)).contentType).toBe(
      'image/jpeg',
    );
    expect(result.durationSeconds).toBeGreaterThan(0.8);
  });
});

describe('encryption at rest (S3_SSE)', () => {
  it('asks S3 to encrypt what the server stores and what browsers upload', async () => {
    const encrypted = createS3Storage({
      bucket: 'candor-test',
      region: 'eu-west-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      serverSideEncryption: 'AES256',
    });
    const sent: string[] = [];
    encrypted.client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { headers: Record<string, string> };
        sent.push(request.headers['x-amz-server-side-encryption'] ?? '');
        return next(args);
      },
      { step: 'finalizeRequest', name: 'recordEncryption' },
    );
    await encrypted.put(
      'companies/1/sse.txt',
      Buffer.from('secret'),
      'text/plain',
    );
    expect(sent).toEqual(['AES256']);

    const upload = await encrypted.uploadUrl('companies/1/sse-upload.webm', {
      contentType: 'video/webm',
      maxBytes: 1000,
    });
    expect(upload.headers['x-amz-server-side-encryption']).toBe('AES256');
    const signedHeaders = new URL(upload.url).searchParams.get(
      'X-Amz-SignedHeaders',
    );
    expect(signedHeaders).toContain('x-amz-server-side-encryption');
    encrypted.client.destroy();
  });
});
