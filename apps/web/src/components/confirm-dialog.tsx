import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Modal } from './modal';

export type ConfirmOptions = {
  title: string;
  description?: string;
  /** The label of the agree button, e.g. 'Delete'. */
  actionLabel?: string;
  cancelLabel?: string;
  /** 'danger' paints the agree button red for irreversible actions. */
  tone?: 'default' | 'danger';
};

type Pending = ConfirmOptions & { resolve: (agreed: boolean) => void };

let pending: Pending | null = null;
const listeners = new Set<() => void>();

function setPending(next: Pending | null) {
  pending = next;
  for (const listener of listeners) listener();
}

/**
 * Asks the user to agree: `if (await confirm({ title, description, actionLabel })) …`.
 * Resolves true on agree, false on decline, Escape or close.
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  pending?.resolve(false);
  return new Promise((resolve) => setPending({ ...options, resolve }));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Mounted once by the root layout; shows whatever `confirm()` asks. */
export function ConfirmDialogHost() {
  const { t } = useTranslation();
  const current = useSyncExternalStore(subscribe, () => pending);
  const answer = (agreed: boolean) => {
    current?.resolve(agreed);
    setPending(null);
  };
  return (
    <Modal
      open={!!current}
      onOpenChange={(open) => !open && answer(false)}
      title={current?.title ?? ''}
      description={current?.description}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => answer(false)}>
            {current?.cancelLabel ?? t('actions.cancel')}
          </Button>
          <Button
            variant={current?.tone === 'danger' ? 'danger' : 'primary'}
            onClick={() => answer(true)}
            autoFocus
          >
            {current?.actionLabel ?? t('actions.confirm')}
          </Button>
        </>
      }
    />
  );
}
