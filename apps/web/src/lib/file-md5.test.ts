import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fileMd5 } from './file-md5';

const base64Md5 = (bytes: Uint8Array) =>
  createHash('md5').update(bytes).digest('base64');

describe('fileMd5', () => {
  it('gives the base64 MD5 of a small file', async () => {
    expect(await fileMd5(new Blob(['hello']))).toBe('XUFAKrxLKna5cZ2REBfFkg==');
    expect(await fileMd5(new Blob([]))).toBe(base64Md5(new Uint8Array()));
  });

  it('gives the same digest when the file is read in many chunks', async () => {
    const bytes = new Uint8Array(randomBytes(100_003));
    const blob = new Blob([bytes]);
    expect(await fileMd5(blob, { chunkBytes: 4096 })).toBe(base64Md5(bytes));
    expect(await fileMd5(blob, { chunkBytes: 7 })).toBe(base64Md5(bytes));
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      fileMd5(new Blob(['x']), { signal: controller.signal }),
    ).rejects.toThrow();
  });
});
