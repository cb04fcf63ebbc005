import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** Status colours mean one thing everywhere: green good, amber waiting, red failed, grey neutral. */
export type StatusTone = 'green' | 'amber' | 'red' | 'grey' | 'brand';

const tones: Record<StatusTone, string> = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  red: 'bg-red-50 text-red-800 ring-red-600/20',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  brand: 'bg-brand-50 text-brand-800 ring-brand-600/20',
};

const dots: Record<StatusTone, string> = {
  green: 'bg-emerald-500',
  amber: 'bg-amber-500',
  red: 'bg-red-500',
  grey: 'bg-slate-400',
  brand: 'bg-brand-500',
};

/** A small label with a coloured dot; the text always names the status too. */
export function StatusPill({
  tone,
  children,
  title,
  className,
}: {
  tone: StatusTone;
  children: ReactNode;
  /** Hover text, e.g. a withdrawal reason. */
  title?: string;
  className?: string;
}) {
  return (
    <span
      title={title}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      <span className={cn('size-1.5 rounded-full', dots[tone])} aria-hidden />
      {children}
    </span>
  );
}
