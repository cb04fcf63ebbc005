import { randomBytes } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { precompressBuild } from '../../web/scripts/precompress';
import { createTestApp, type TestApp } from './test-app';

// A small web build of the shape Vite writes, compressed by the web build's own step, so the
// test needs no `vite build` (the other server tests serve no web app at all).
const SCRIPT = 'assets/index-Bx7a9QzK.js';
const FONT = 'assets/inter-latin-wght-normal-Dx4kXJAl.woff2';
const INDEX_HTML = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <title>Candor</title>
    <script type="module" crossorigin src="/${SCRIPT}"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`.repeat(3);

let t: TestApp;
let webDist: string;

function file(path: string): Buffer {
  return readFileSync(join(webDist, path));
}

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'candor-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  writeFileSync(
    join(webDist, SCRIPT),
    Array.from(
      { length: 400 },
      (_, index) =>
        `export const label${index} = (value) => \`Interview \${value} of ${index}\`;\n`,
    ).join(''),
  );
  // Fonts are compressed already: no variants, always the file itself.
  writeFileSync(join(webDist, FONT), randomBytes(4096));
  await precompressBuild(webDist);
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the built web app', () => {
  test('a browser that accepts brotli gets the brotli file, which is the script', async () => {
    const response = await t.app.inject({
      url: `/${SCRIPT}`,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(file(SCRIPT).length / 4);
    expect(brotliDecompressSync(response.rawPayload)).toEqual(file(SCRIPT));
    // The name carries the content's hash: cached for a year without asking again.
    expect(response.headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  test('a client without brotli gets gzip, and one that asks for nothing the plain file', async () => {
    const gzip = await t.app.inject({
      url: `/${SCRIPT}`,
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload)).toEqual(file(SCRIPT));

    const plain = await t.app.inject({ url: `/${SCRIPT}` });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/javascript/);
    // Told apart from the compressed replies by shared caches.
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload).toEqual(file(SCRIPT));

    const identity = await t.app.inject({
      url: `/${SCRIPT}`,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload).toEqual(file(SCRIPT));
  });

  test('a file with no compressed copy is sent as it is', async () => {
    const response = await t.app.inject({
      url: `/${FONT}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload).toEqual(file(FONT));
  });

  test('a page of the app is index.html, compressed when accepted and never cached unchecked', async () => {
    const compressed = await t.app.inject({
      url: '/interviews?status=all',
      headers: { 'accept-encoding': 'br', accept: 'text/html' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/^text\/html/);
    expect(compressed.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(
      INDEX_HTML,
    );

    const plain = await t.app.inject({ url: '/company-settings' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(INDEX_HTML);
  });

  test('a path that is no page of the app answers 404 with the app, which shows "Page not found"', async () => {
    for (const url of ['/no-such-page', '/interviews/12/nothing?x=1']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toBe(INDEX_HTML);
    }
    const page = await t.app.inject({ url: '/interviews/12/interviewee/34' });
    expect(page.statusCode).toBe(200);
  });

  test('the compressed copies are not pages of their own, and API paths keep their 404', async () => {
    const variant = await t.app.inject({ url: `/${SCRIPT}.br` });
    expect(variant.statusCode).toBe(404);
    expect(variant.headers['content-type']).toMatch(/^text\/html/);
    expect(variant.body).toBe(INDEX_HTML);

    const api = await t.app.inject({
      url: '/api/no-such-thing',
      headers: { 'accept-encoding': 'br' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not_found' });
  });
});
