import SparkMD5 from 'spark-md5';

/** 4 MiB: big enough to hash quickly, small enough that a 500 MB video never sits in memory. */
const CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * The base64 MD5 of a file (the value of a Content-MD5 header), read chunk by chunk so memory
 * stays flat whatever the file's size.
 */
export async function fileMd5(
  file: Blob,
  options: { chunkBytes?: number; signal?: AbortSignal } = {},
): Promise<string> {
  const chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
  const hash = new SparkMD5.ArrayBuffer();
  for (let start = 0; start < file.size; start += chunkBytes) {
    options.signal?.throwIfAborted();
    hash.append(await file.slice(start, start + chunkBytes).arrayBuffer());
  }
  // `end(true)` gives the 16 raw bytes as a binary string, which is what btoa encodes.
  return btoa(hash.end(true));
}
