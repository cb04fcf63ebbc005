import type { TakeStore } from './take-store';

/** What tus-js-client is given as its "file": the take, read through the store. */
export type TakeHandle = { takeId: string };

type SliceResult = { value: Blob | null; done: boolean };

/**
 * tus-js-client's fileReader over a take that may still be growing. A slice asked for beyond
 * what is recorded waits for the recorder's next slice; once the take is stopped the read
 * answers its last bytes and `done` together, so tus-js-client declares the upload's length in
 * the PATCH that carries them: one request after Stop and the take is complete on the server.
 * Its answer is completed by Submit (docs/decisions/164-take-complete-at-stop-answer-at-submit.md).
 */
export function takeFileReader(store: TakeStore) {
  return {
    openFile(input: TakeHandle) {
      let closed = false;
      return Promise.resolve({
        // Unknown while recording: the upload's length is deferred.
        size: null as unknown as number,
        async slice(start: number, end: number): Promise<SliceResult> {
          for (;;) {
            // Listen before looking, so a slice arriving in between is not missed.
            const changed = store.changed(input.takeId);
            const take = store.get(input.takeId);
            if (!take || closed)
              throw new Error('This recording is no longer on this device.');
            const final = !take.recording;
            const stop = Math.min(end, take.bytes);
            if (stop > start) {
              const value = await store.read(input.takeId, start, stop);
              return { value, done: final && stop === take.bytes };
            }
            // Nothing more to send: declare the length with an empty last request.
            if (final) return { value: null, done: true };
            await changed;
          }
        },
        close() {
          closed = true;
        },
      });
    },
  };
}
