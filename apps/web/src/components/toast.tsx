import { TOAST_DURATION } from '@candor/domain';
import { CheckCircle2, Info, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast as sonner, Toaster as SonnerToaster } from 'sonner';
import { useMediaQuery } from '../lib/use-media-query';

export type ToastStyle = 'success' | 'error' | 'info';

/** The spec's toast (section 3): a generated id, title, description, style and dismissIn. */
export type ToastOptions = {
  id?: string;
  description?: string;
  /** Milliseconds: 4000 by default; use TOAST_DURATION.email (5000) or .video (2000). */
  dismissIn?: number;
};

function show(
  style: ToastStyle,
  title: string,
  options: ToastOptions = {},
): string {
  const id = options.id ?? crypto.randomUUID();
  const common = {
    id,
    description: options.description,
    duration: options.dismissIn ?? TOAST_DURATION.default,
  };
  if (style === 'success') sonner.success(title, common);
  else if (style === 'error') sonner.error(title, common);
  else sonner.info(title, common);
  return id;
}

export const toast = {
  success: (title: string, options?: ToastOptions) =>
    show('success', title, options),
  error: (title: string, options?: ToastOptions) =>
    show('error', title, options),
  info: (title: string, options?: ToastOptions) => show('info', title, options),
  show: (options: ToastOptions & { title: string; style: ToastStyle }) =>
    show(options.style, options.title, options),
  dismiss: (id?: string) => sonner.dismiss(id),
};

export { TOAST_DURATION };

/** Mounted once by the root layout. */
export function Toaster() {
  const { t } = useTranslation();
  // Sonner's own breakpoint for full-width toasts.
  const phone = useMediaQuery('(max-width: 600px)');
  return (
    <SonnerToaster
      containerAriaLabel={t('status.notifications')}
      // At the top right they covered the steps bar and card headers, at the bottom right a
      // form's Save bar: bottom centre is where pages keep no control. A phone's toast spans
      // the width, so there it sits under the header, above the sticky action bars. All are
      // shown: stacked, they read as slivers.
      position={phone ? 'top-center' : 'bottom-center'}
      offset={{ bottom: 16 }}
      mobileOffset={{ top: 72 }}
      expand
      visibleToasts={3}
      closeButton
      icons={{
        success: <CheckCircle2 className="size-5 text-success" aria-hidden />,
        error: <XCircle className="size-5 text-danger" aria-hidden />,
        info: <Info className="size-5 text-brand-600" aria-hidden />,
      }}
      toastOptions={{
        classNames: {
          toast:
            'rounded-lg! border! border-border! bg-surface! text-ink! shadow-overlay! font-sans! pr-9!',
          title: 'font-semibold! text-sm!',
          description: 'text-muted! text-sm!',
          // Inside the toast's top right corner, not astride its top left one.
          closeButton:
            'left-auto! right-2! top-2! transform-none! border-0! bg-transparent! text-muted! hover:text-ink!',
          error: 'border-l-4! border-l-danger!',
          success: 'border-l-4! border-l-success!',
        },
      }}
    />
  );
}
