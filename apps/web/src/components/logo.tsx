import { PRODUCT_NAME } from '@candor/domain';
import { cn } from '../lib/cn';

/** The product's mark and word mark. */
export function Logo({
  className,
  compact = false,
}: {
  className?: string;
  compact?: boolean;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-2 font-semibold tracking-tight text-ink',
        className,
      )}
    >
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="8" fill="var(--color-brand-800)" />
        <path
          d="M21.5 11.2a7 7 0 1 0 0 9.6"
          fill="none"
          stroke="#fff"
          strokeWidth="3.2"
          strokeLinecap="round"
        />
        <circle cx="22.5" cy="16" r="2" fill="var(--color-brand-300)" />
      </svg>
      <span className={cn('text-[17px]', compact && 'sr-only')}>
        {PRODUCT_NAME}
      </span>
    </span>
  );
}
