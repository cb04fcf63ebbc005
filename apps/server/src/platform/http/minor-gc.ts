import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type GcFunction = (options: {
  type: 'minor' | 'major';
  execution: 'sync' | 'async';
}) => void;

let gc: GcFunction | undefined;

/**
 * V8 offers `gc` only to contexts made after `--expose-gc` is set, so it is taken from a fresh
 * context; the server's own global scope never gets it.
 */
function exposeGc(): GcFunction {
  setFlagsFromString('--expose-gc');
  const exposed: unknown = runInNewContext(
    'typeof gc === "function" ? gc : undefined',
  );
  // Without it, chunks are freed on V8's own schedule, as before: more memory, nothing broken.
  return typeof exposed === 'function' ? (exposed as GcFunction) : () => {};
}

/** A young-generation collection now: about a millisecond with the server's young generation. */
export function collectYoungGarbage(): void {
  gc ??= exposeGc();
  gc({ type: 'minor', execution: 'sync' });
}

/**
 * Bytes of an upload between two young-generation collections: about the most of its body,
 * already written to disk, that waits in memory to be freed.
 */
const UPLOAD_BYTES_PER_MINOR_GC = 8 * 2 ** 20;

/**
 * Counts the bytes of a streamed upload body and runs a young-generation collection after
 * every 8 MB of them. Each chunk of a request body is a new Buffer whose memory V8 frees only
 * at a young-generation collection, and it starts one for their sake only once 32 MB of them
 * are waiting (twice its default semi-space, whatever `--max-semi-space-size` says): a large
 * upload otherwise holds up to 32 MB of chunks long since written to disk
 * (docs/decisions/085-server-memory.md).
 */
export function freeUploadedChunks(): (bytes: number) => void {
  let sinceLast = 0;
  return (bytes) => {
    sinceLast += bytes;
    if (sinceLast < UPLOAD_BYTES_PER_MINOR_GC) return;
    sinceLast = 0;
    collectYoungGarbage();
  };
}
