import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';
import { useReturnFocus } from '../lib/use-return-focus';

export type DrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Hides the title visually but keeps it for screen readers. */
  hideTitle?: boolean;
  description?: ReactNode;
  children: ReactNode;
  side?: 'right' | 'left';
  width?: 'sm' | 'md';
  className?: string;
};

/** A panel sliding in from the side of the screen; Escape, the overlay and × close it. */
export function Drawer({
  open,
  onOpenChange,
  title,
  hideTitle,
  description,
  children,
  side = 'right',
  width = 'sm',
  className,
}: DrawerProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/30 animate-overlay-in" />
        <Dialog.Content
          {...returnFocus}
          className={cn(
            'fixed inset-y-0 z-50 flex w-full flex-col bg-surface shadow-overlay focus:outline-none',
            side === 'right' ? 'right-0 animate-drawer-in' : 'left-0',
            width === 'sm' ? 'max-w-sm' : 'max-w-xl',
            className,
          )}
        >
          <div className="flex items-center justify-between gap-4 border-b border-border px-5 py-4">
            <Dialog.Title
              className={cn('text-base font-semibold', hideTitle && 'sr-only')}
            >
              {title}
            </Dialog.Title>
            {description ? (
              <Dialog.Description className="sr-only">
                {description}
              </Dialog.Description>
            ) : (
              <Dialog.Description className="sr-only">
                {title}
              </Dialog.Description>
            )}
            <Dialog.Close
              className="ml-auto rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-ink"
              aria-label={t('actions.close')}
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
