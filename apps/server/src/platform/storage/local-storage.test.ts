import { createHash } from 'node:crypto';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { PARTIAL_FOLDER, downloadExpiry } from './local-storage';
import { PARTIAL_WRITE_IDLE_MS } from './partial-writes-sweeper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bytes = Buffer.from('0123456789abcdefghij');

describe('local storage signed URLs', () => {
  it('uploads through a signed PUT and downloads with byte ranges', async () => {
    const upload = await t.ctx.storage.uploadUrl('tests/a/clip.webm', {
      contentType: 'video/webm',
      maxBytes: 100,
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: upload.url,
      payload: bytes,
      headers: upload.headers,
    });
    expect(put.statusCode).toBe(201);
    expect(await t.ctx.storage.size('tests/a/clip.webm')).toBe(bytes.length);

    const url = await t.ctx.storage.downloadUrl('tests/a/clip.webm');
    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const part = await t.app.inject({
      method: 'GET',
      url,
      headers: { range: 'bytes=5-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 5-9/${bytes.length}`);
    expect(part.body).toBe('56789');
  });

  it('stores an upload of many megabytes byte for byte', async () => {
    // 20 MB in 64 KB chunks, as a socket delivers them; the route runs a young-generation
    // collection every 8 MB on the way (platform/http/minor-gc.ts).
    const chunkBytes = 64 * 1024;
    const chunks = 320;
    const chunk = (index: number) => Buffer.alloc(chunkBytes, index % 251);
    const sent = createHash('sha256');
    for (let index = 0; index < chunks; index++) sent.update(chunk(index));
    const upload = await t.ctx.storage.uploadUrl('tests/e/long.webm', {
      contentType: 'video/webm',
      maxBytes: chunks * chunkBytes,
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: upload.url,
      payload: Readable.from(
        (function* () {
          for (let index = 0; index < chunks; index++) yield chunk(index);
        })(),
      ),
      headers: {
        ...upload.headers,
        'content-length': String(chunks * chunkBytes),
      },
    });
    expect(put.statusCode).toBe(201);
    expect(put.json()).toEqual({
      key: 'tests/e/long.webm',
      size: chunks * chunkBytes,
    });
    const stored = createHash('sha256');
    const object = await t.ctx.storage.read('tests/e/long.webm');
    for await (const piece of object.stream) stored.update(piece as Buffer);
    expect(stored.digest('hex')).toBe(sent.digest('hex'));
  });

  it('refuses a tampered or expired signature, and a signature for another key', async () => {
    await t.ctx.storage.put('tests/b/one.txt', bytes, 'text/plain');
    const url = await t.ctx.storage.downloadUrl('tests/b/one.txt');
    const tampered = url.replace(/signature=[^&]+/, 'signature=AAAA');
    expect(
      (await t.app.inject({ method: 'GET', url: tampered })).statusCode,
    ).toBe(403);
    const otherKey = url.replace('tests/b/one.txt', 'tests/b/two.txt');
    expect(
      (await t.app.inject({ method: 'GET', url: otherKey })).statusCode,
    ).toBe(403);
    const expired = await t.ctx.storage.downloadUrl('tests/b/one.txt', {
      expiresInSeconds: -10,
    });
    const response = await t.app.inject({ method: 'GET', url: expired });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This link has expired.');
  });

  it('gives the same download link for a while, so the browser can cache the file', async () => {
    await t.ctx.storage.put('tests/f/thumb.jpg', bytes, 'image/jpeg');
    const first = await t.ctx.storage.downloadUrl('tests/f/thumb.jpg');
    expect(await t.ctx.storage.downloadUrl('tests/f/thumb.jpg')).toBe(first);
    const named = await t.ctx.storage.downloadUrl('tests/f/thumb.jpg', {
      filename: 'cv.pdf',
    });
    expect(named).not.toBe(first);
    expect(named).toContain('filename=cv.pdf');
    for (const url of [first, named])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('never lets a download link expire before the time asked for, nor much after', () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 7);
    const at = (seconds: number) => downloadExpiry(seconds, now) - now / 1000;
    // Four hours: rounded up to a 5-minute step.
    expect(at(4 * 3600)).toBeGreaterThanOrEqual(4 * 3600);
    expect(at(4 * 3600)).toBeLessThan(4 * 3600 + 300);
    expect(downloadExpiry(4 * 3600, now) % 300).toBe(0);
    expect(downloadExpiry(4 * 3600, now + 60_000)).toBe(
      downloadExpiry(4 * 3600, now),
    );
    // A minute: a step of 5 seconds, a twelfth of it.
    expect(at(60)).toBeGreaterThanOrEqual(60);
    expect(at(60)).toBeLessThan(65);
    // Already expired stays expired.
    expect(at(-10)).toBe(-10);
  });

  it('cuts off an upload larger than its signed limit and stores nothing', async () => {
    const upload = await t.ctx.storage.uploadUrl('tests/c/big.webm', {
      contentType: 'video/webm',
      maxBytes: 10,
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: upload.url,
      payload: bytes,
      headers: upload.headers,
    });
    expect(put.statusCode).toBe(413);
    expect(await t.ctx.storage.size('tests/c/big.webm')).toBeNull();
  });

  it('never accepts a key that climbs out of the storage folder', async () => {
    await expect(
      t.ctx.storage.put('../outside.txt', bytes, 'text/plain'),
    ).rejects.toThrow(/Unsafe/);
    await expect(
      t.ctx.storage.downloadUrl('a/../../etc/passwd'),
    ).rejects.toThrow(/Unsafe/);
  });

  it('writes aside until the end, and sweeps only what a crash abandoned', async () => {
    const partials = join(t.dataDir, 'files', PARTIAL_FOLDER);
    const body = new PassThrough();
    const writing = t.ctx.storage.put('tests/d/slow.webm', body, 'video/webm');
    body.write(bytes);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Mid-write: nothing under the key yet, the bytes sit in a partial file.
    expect(await t.ctx.storage.size('tests/d/slow.webm')).toBeNull();
    const [inProgress] = await readdir(partials);
    expect(inProgress).toBeDefined();

    // What a killed process leaves: a partial file nobody writes to any more.
    const abandoned = join(partials, 'left-by-a-crash');
    await writeFile(abandoned, bytes);
    const longAgo = new Date(Date.now() - PARTIAL_WRITE_IDLE_MS - 60_000);
    await utimes(abandoned, longAgo, longAgo);
    expect(await t.ctx.storage.sweepPartialWrites(PARTIAL_WRITE_IDLE_MS)).toBe(
      1,
    );
    expect(await readdir(partials)).toEqual([inProgress]);

    body.end(bytes);
    expect(await writing).toEqual({ size: bytes.length * 2 });
    expect(await t.ctx.storage.size('tests/d/slow.webm')).toBe(
      bytes.length * 2,
    );
    expect(await readdir(partials)).toEqual([]);
  });
});
