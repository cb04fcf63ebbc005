import { useCallback, useRef } from 'react';

/**
 * Saves one value at a time: a value chosen while a save is running waits, and only the latest
 * waiting value is sent, so quick slider moves end with the last choice stored.
 */
export function useSerialSave<T>(
  save: (value: T) => Promise<unknown>,
): (value: T) => void {
  const state = useRef<{ running: boolean; next: T | undefined }>({
    running: false,
    next: undefined,
  });
  return useCallback(
    (value: T) => {
      const current = state.current;
      if (current.running) {
        current.next = value;
        return;
      }
      current.running = true;
      void (async () => {
        let pending: T | undefined = value;
        try {
          while (pending !== undefined) {
            current.next = undefined;
            await save(pending).catch(() => undefined);
            pending = current.next;
          }
        } finally {
          current.running = false;
        }
      })();
    },
    [save],
  );
}
