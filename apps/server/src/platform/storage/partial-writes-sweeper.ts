import type { Poller } from '../../worker/pollers';

/**
 * How long a partial file must sit untouched to count as abandoned. A write in progress
 * touches its file with every chunk; an hour without one means its process is gone.
 */
export const PARTIAL_WRITE_IDLE_MS = 60 * 60_000;

/**
 * Removes the partial files that uploads and stores cut short by a crash leave in the local
 * storage folder (see local-storage.ts); it runs at the worker's start and then every 10 minutes.
 */
export function createPartialWritesSweeper(): Poller {
  return {
    name: 'partial-writes',
    idleDelayMs: 10 * 60_000,
    runOnce: (ctx) => ctx.storage.sweepPartialWrites(PARTIAL_WRITE_IDLE_MS),
  };
}
