import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import type { ConfirmOptions } from './confirm-modal';

export type { ConfirmOptions } from './confirm-modal';

// The dialog (Radix, focus trap, scroll lock) is fetched the first time something asks, not
// with every first page: the candidate's and the sign-in pages never need it (decision 184).
const ConfirmModal = lazy(() => import('./confirm-modal'));

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
  const current = useSyncExternalStore(subscribe, () => pending);
  // Once shown, the dialog stays mounted so that it can animate closed.
  const [asked, setAsked] = useState(false);
  if (current && !asked) setAsked(true);
  const answer = (agreed: boolean) => {
    current?.resolve(agreed);
    setPending(null);
  };
  if (!asked && !current) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmModal current={current} onAnswer={answer} />
    </Suspense>
  );
}
