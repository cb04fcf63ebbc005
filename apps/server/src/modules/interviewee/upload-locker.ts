import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ERRORS,
  type Lock,
  type Locker,
  type RequestRelease,
} from '@tus/server';
import type { ChangeNotices } from '../../db/change-notices';
import type { Db } from '../../db/connection';
import {
  UPLOAD_LOCK_CHANNEL,
  askForUploadLock,
  claimUploadLock,
  extendUploadLock,
  releaseUploadLock,
} from './upload-locks.repository';

export type UploadLockTimes = {
  /** How long a lock lasts unless its holder extends it: what a crashed server holds up. */
  leaseMs: number;
  /** How often a holder extends its lease while it writes. */
  heartbeatMs: number;
  /** How long a request waits for a lock before tus answers it 500 (the client retries). */
  acquireTimeoutMs: number;
  /** The pause between two tries to take it. */
  retryMs: number;
};

const TIMES: UploadLockTimes = {
  // A crashed server's takes wait this long before another server may write them.
  leaseMs: 10_000,
  heartbeatMs: 3_000,
  acquireTimeoutMs: 30_000,
  retryMs: 50,
};

/** How often a waiting request asks again, in case the holder's server missed the notice. */
const ASK_AGAIN_MS = 1_000;

/**
 * @tus/server's lock for several API servers on one PostgreSQL database (decision 159): its own
 * MemoryLocker serialises the requests of one process only. A lock is a row with a lease; a
 * request that finds the upload locked asks the holder to let go (NOTIFY), as MemoryLocker
 * asks a holder in the same process: the holder's request is cancelled (a client that
 * reconnected has given up on it) and unlocks, and the waiting one takes the lock.
 */
export function createUploadLocker(options: {
  db: Db;
  notices: ChangeNotices;
  times?: Partial<UploadLockTimes>;
}): { locker: Locker; stop(): Promise<void> } {
  const { db } = options;
  const times = { ...TIMES, ...options.times };
  /** This process's held locks by upload: how to ask each holder to let go. */
  const held = new Map<string, { holder: string; release: RequestRelease }>();
  const stop = options.notices.listen(UPLOAD_LOCK_CHANNEL, {
    notice: (uploadId) => void held.get(uploadId)?.release(),
    // A notice missed while the connection is down only delays a waiting request until the
    // holder finishes or its lease ends.
    lost: () => {},
    ready: () => {},
  });

  const newLock = (uploadId: string): Lock => {
    const holder = randomUUID();
    let heartbeat: NodeJS.Timeout | null = null;
    return {
      async lock(signal, requestRelease) {
        const giveUpAt = Date.now() + times.acquireTimeoutMs;
        let askedAt = 0;
        for (;;) {
          if (signal.aborted || Date.now() > giveUpAt)
            throw ERRORS.ERR_LOCK_TIMEOUT;
          if (
            await claimUploadLock(db, {
              uploadId,
              holder,
              leaseMs: times.leaseMs,
            })
          )
            break;
          if (Date.now() - askedAt >= ASK_AGAIN_MS) {
            askedAt = Date.now();
            await held.get(uploadId)?.release();
            await askForUploadLock(db, uploadId);
          }
          await sleep(times.retryMs);
        }
        held.set(uploadId, { holder, release: requestRelease });
        heartbeat = setInterval(() => {
          void extendUploadLock(db, {
            uploadId,
            holder,
            leaseMs: times.leaseMs,
          }).then(
            // The lease ran out (a stall longer than it) and another took the lock: stop writing.
            (still) => (still ? undefined : requestRelease()),
            () => undefined,
          );
        }, times.heartbeatMs);
        heartbeat.unref();
      },
      async unlock() {
        if (heartbeat) clearInterval(heartbeat);
        heartbeat = null;
        if (held.get(uploadId)?.holder === holder) held.delete(uploadId);
        await releaseUploadLock(db, { uploadId, holder });
      },
    };
  };
  return { locker: { newLock }, stop };
}
