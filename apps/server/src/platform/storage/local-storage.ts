import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { signParts } from './signing';
import { assertSafeKey, contentTypeForKey, type Storage } from './storage';

export const LOCAL_FILES_PATH = '/files';
export const LOCAL_UPLOADS_PATH = '/uploads';
/**
 * Where files are written before they are renamed under their key. No key can start with a
 * dot (assertSafeKey), so nothing half-written is ever reachable through a key.
 */
export const PARTIAL_FOLDER = '.partial';

/** What an upload URL signs; the MD5 only when there is one, so older URLs stay valid. */
export function uploadSignatureParts(
  key: string,
  expires: number,
  maxBytes: number,
  contentMd5?: string,
): (string | number)[] {
  const parts = ['put', key, expires, maxBytes];
  return contentMd5 ? [...parts, contentMd5] : parts;
}

/**
 * When a download link expires: at least `seconds` from now, rounded up to a step of at most
 * 5 minutes and a twelfth of the lifetime. The links to a file are then the same for a while,
 * so a browser's cache of a thumbnail or video (served with max-age 3600) holds from one page
 * load to the next, and the server signs each link once per step.
 */
export function downloadExpiry(seconds: number, nowMs = Date.now()): number {
  const exact = Math.floor(nowMs / 1000) + seconds;
  const step = Math.min(5 * 60, Math.floor(seconds / 12));
  return step > 0 ? Math.ceil(exact / step) * step : exact;
}

// The links signed for the current steps, a bounded number (about 200 bytes each).
const MAX_REMEMBERED_LINKS = 10_000;
const DEFAULT_LINK_SECONDS = 3600;

/** Files in a folder; downloads and uploads go through signed, expiring URLs of our server. */
export function createLocalStorage(options: {
  root: string;
  secret: string;
}): Storage & {
  pathOf(key: string): string;
} {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(options.root, key);
  };
  const expiry = (seconds = DEFAULT_LINK_SECONDS) =>
    Math.floor(Date.now() / 1000) + seconds;
  const links = new Map<string, string>();
  const partialFolder = join(options.root, PARTIAL_FOLDER);

  return {
    pathOf,
    async put(key, body, _contentType) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await mkdir(partialFolder, { recursive: true });
      // Write aside and rename (same disk, so atomic): a crash never leaves half a file
      // under the key, only a partial file that sweepPartialWrites removes later.
      const partial = join(partialFolder, randomUUID());
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      try {
        await pipeline(source, createWriteStream(partial));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { size: (await stat(target)).size };
    },
    async read(key, range) {
      const path = pathOf(key);
      const { size } = await stat(path);
      const stream = createReadStream(
        path,
        range ? { start: range.start, end: range.end } : {},
      );
      return { stream, size, contentType: contentTypeForKey(key) };
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async sweepPartialWrites(idleMs) {
      let names: string[];
      try {
        names = await readdir(partialFolder);
      } catch {
        return 0;
      }
      let removed = 0;
      for (const name of names) {
        const path = join(partialFolder, name);
        // A write in progress touches its file all the time; only abandoned ones sit idle.
        const idle = await stat(path).then(
          (info) => Date.now() - info.mtimeMs > idleMs,
          () => false,
        );
        if (idle) {
          await rm(path, { force: true });
          removed++;
        }
      }
      return removed;
    },
    async downloadUrl(
      key,
      { expiresInSeconds = DEFAULT_LINK_SECONDS, filename } = {},
    ) {
      assertSafeKey(key);
      const expires = downloadExpiry(expiresInSeconds);
      // A key holds no space (assertSafeKey), so what follows it is the file name alone.
      const remembered = `${expires} ${key} ${filename ?? ''}`;
      const known = links.get(remembered);
      if (known) return known;
      const signature = signParts(options.secret, ['get', key, expires]);
      const query = new URLSearchParams({
        expires: String(expires),
        signature,
      });
      if (filename) query.set('filename', filename);
      const link = `${LOCAL_FILES_PATH}/${key}?${query}`;
      if (links.size >= MAX_REMEMBERED_LINKS) links.clear();
      links.set(remembered, link);
      return link;
    },
    async uploadUrl(
      key,
      { contentType, maxBytes, contentMd5, expiresInSeconds },
    ) {
      assertSafeKey(key);
      const expires = expiry(expiresInSeconds);
      const signature = signParts(
        options.secret,
        uploadSignatureParts(key, expires, maxBytes, contentMd5),
      );
      const query = new URLSearchParams({
        expires: String(expires),
        max: String(maxBytes),
        signature,
      });
      const headers: Record<string, string> = { 'Content-Type': contentType };
      // Like S3: the digest is part of the signed URL and the body is checked against it.
      if (contentMd5) {
        query.set('md5', contentMd5);
        headers['Content-MD5'] = contentMd5;
      }
      return {
        url: `${LOCAL_UPLOADS_PATH}/${key}?${query}`,
        method: 'PUT',
        headers,
      };
    },
  };
}
