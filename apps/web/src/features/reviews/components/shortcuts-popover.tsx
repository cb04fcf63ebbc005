import * as Popover from '@radix-ui/react-popover';
import { Keyboard } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShortcuts } from './use-shortcuts';

export const SHORTCUTS = [
  { key: 'J', action: 'nextAnswer' },
  { key: 'K', action: 'previousAnswer' },
  { key: 'N', action: 'nextApplicant' },
  { key: 'M', action: 'matrix' },
  { key: 'O', action: 'overview' },
  { key: '<', action: 'slower' },
  { key: '>', action: 'faster' },
  { key: '?', action: 'showShortcuts' },
] as const;

/** The keyboard shortcuts of the interviewee page, in a help popover that '?' opens. */
export function ShortcutsPopover() {
  const { t } = useTranslation('reviews');
  const [open, setOpen] = useState(false);
  useShortcuts(useMemo(() => ({ '?': () => setOpen(true) }), []));
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className="inline-flex size-9 items-center justify-center rounded-lg border border-border bg-surface text-slate-600 hover:bg-slate-50 focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
        aria-label={t('shortcuts.title')}
      >
        <Keyboard className="size-4" aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          aria-label={t('shortcuts.title')}
          className="z-50 w-64 rounded-lg border border-border bg-surface p-4 shadow-lg focus:outline-none"
        >
          <p className="mb-3 text-sm font-semibold text-ink">
            {t('shortcuts.title')}
          </p>
          <dl className="space-y-2 text-sm">
            {SHORTCUTS.map((shortcut) => (
              <div
                key={shortcut.key}
                className="flex items-center justify-between gap-3"
              >
                <dt className="text-slate-600">
                  {t(`shortcuts.${shortcut.action}`)}
                </dt>
                <dd>
                  <kbd className="rounded border border-border bg-slate-50 px-2 py-0.5 font-mono text-xs">
                    {shortcut.key}
                  </kbd>
                </dd>
              </div>
            ))}
          </dl>
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
