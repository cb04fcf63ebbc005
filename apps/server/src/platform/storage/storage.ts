import type { Readable } from 'node:stream';

export type StoredObject = {
  stream: Readable;
  size: number;
  contentType: string;
};
export type ByteRange = { start: number; end: number };

/** Where files live: a local folder by default, S3-compatible storage in production. */
export type Storage = {
  put(
    key: string,
    body: Readable | Buffer,
    contentType: string,
  ): Promise<{ size: number }>;
  read(key: string, range?: ByteRange): Promise<StoredObject>;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /**
   * Removes what writes cut short by a crash left behind, once untouched for `idleMs`, and
   * says how many. Only the local folder has any: an S3 object exists once its PUT completes.
   */
  sweepPartialWrites(idleMs: number): Promise<number>;
  /** A path or URL the browser can fetch the object from until it expires. */
  downloadUrl(
    key: string,
    options?: { expiresInSeconds?: number; filename?: string },
  ): Promise<string>;
  /**
   * Where the browser sends the bytes of a direct upload (PUT), with the headers it must send.
   * With `contentMd5` (base64 MD5 of the file) the URL only accepts a body with that digest.
   */
  uploadUrl(
    key: string,
    options: {
      contentType: string;
      maxBytes: number;
      contentMd5?: string;
      expiresInSeconds?: number;
    },
  ): Promise<{ url: string; method: 'PUT'; headers: Record<string, string> }>;
};

// Keys are made by the server, never taken from a user; this refuses anything else.
const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..'))
    throw new Error(`Unsafe storage key: ${key}`);
}

const EXTENSION_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
};

export function contentTypeForKey(key: string): string {
  const extension = key.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? 'application/octet-stream';
}
