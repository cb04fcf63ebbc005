import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/**
 * The buttons at the end of a long form. With unsaved changes the bar sticks to the bottom of
 * the screen so Save is always in reach.
 */
export function FormActions({
  sticky,
  children,
}: {
  sticky: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'z-10 mt-2 flex justify-end gap-2 py-4',
        sticky &&
          'sticky bottom-0 -mx-4 border-t border-border bg-surface/95 px-4 shadow-[0_-4px_12px_-6px_rgb(15_23_42/0.12)] backdrop-blur sm:mx-0 sm:rounded-lg sm:border',
      )}
    >
      {children}
    </div>
  );
}
