import { useEffect } from 'react';

/** Single-key shortcuts, ignored while typing in a field or with a modifier held. */
export function useShortcuts(handlers: Record<string, () => void>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.metaKey ||
        event.ctrlKey ||
        event.altKey ||
        event.defaultPrevented
      )
        return;
      const target = event.target as HTMLElement | null;
      if (
        target?.closest(
          // Choice inputs (the speed radios) take no letters, so shortcuts still work after a click.
          'input:not([type="radio"]):not([type="checkbox"]), textarea, select, [contenteditable="true"], [role="slider"], [role="dialog"]',
        )
      )
        return;
      const handler = handlers[event.key.toLowerCase()];
      if (handler) {
        event.preventDefault();
        handler();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [handlers]);
}
