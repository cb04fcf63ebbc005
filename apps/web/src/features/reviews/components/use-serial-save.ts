import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Saves one value at a time. A value chosen while a save is running waits; of the values waiting
 * for the same target only the latest is sent, so quick slider moves end with the last choice
 * stored. Each value names its target (`keyOf`) and is sent with the newest `save`, so a rating
 * given just after moving to the next answer lands on that answer, with the review ids of the
 * latest data.
 */
export function useSerialSave<T>(
  save: (value: T) => Promise<unknown>,
  keyOf: (value: T) => string,
): (value: T) => void {
  const latestSave = useRef(save);
  useLayoutEffect(() => {
    latestSave.current = save;
  });
  const state = useRef({ running: false, waiting: new Map<string, T>() });
  return useCallback(
    (value: T) => {
      const current = state.current;
      current.waiting.set(keyOf(value), value);
      if (current.running) return;
      current.running = true;
      void (async () => {
        try {
          for (const [key, next] of current.waiting) {
            current.waiting.delete(key);
            await latestSave.current(next).catch(() => undefined);
          }
        } finally {
          current.running = false;
        }
      })();
    },
    [keyOf],
  );
}
