import { useSyncExternalStore } from 'react';

// jsdom, where the unit tests run, has no matchMedia: there nothing matches.
const listOf = (query: string) =>
  typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;

/** Whether a CSS media query matches now, following its changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = listOf(query);
      list?.addEventListener('change', changed);
      return () => list?.removeEventListener('change', changed);
    },
    () => listOf(query)?.matches ?? false,
    () => false,
  );
}
