import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';
import { useReturnFocus } from '../lib/use-return-focus';

export type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons shown at the bottom right. */
  footer?: ReactNode;
  /** Narrower than the spec's maximum of 50rem when the content is small. */
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

const widths = { sm: 'max-w-md', md: 'max-w-2xl', lg: 'max-w-[50rem]' };

/** A centred dialog: focus is trapped inside, Escape and the close button close it. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  className,
}: ModalProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 animate-overlay-in" />
        <Dialog.Content
          {...returnFocus}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-xl bg-surface shadow-overlay animate-modal-in focus:outline-none',
            widths[size],
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-6 py-4">
            <div>
              <Dialog.Title className="text-base font-semibold text-ink">
                {title}
              </Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-muted">
                  {description}
                </Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">
                  {title}
                </Dialog.Description>
              )}
            </div>
            <Dialog.Close
              className="-mr-2 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-ink"
              aria-label={t('actions.close')}
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          {children !== undefined && (
            <div className="overflow-y-auto px-6 py-5">{children}</div>
          )}
          {footer && (
            <div className="flex justify-end gap-2 border-t border-border px-6 py-4">
              {footer}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
