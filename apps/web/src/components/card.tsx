import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../lib/cn';

/** A white panel on the grey page; `padding="none"` for tables that reach the edges. */
export function Card({
  className,
  padding = 'md',
  ...props
}: HTMLAttributes<HTMLDivElement> & { padding?: 'none' | 'md' | 'lg' }) {
  return (
    <div
      className={cn(
        'rounded-lg border border-border bg-surface shadow-[0_1px_2px_rgb(15_23_42/0.04)]',
        padding === 'md' && 'p-5',
        padding === 'lg' && 'p-6 sm:p-8',
        className,
      )}
      {...props}
    />
  );
}

/** A titled section inside a card or page: title, optional description and actions. */
export function CardHeader({
  title,
  description,
  actions,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'mb-5 flex flex-wrap items-start justify-between gap-3',
        className,
      )}
    >
      <div>
        <h2 className="text-base font-semibold text-ink">{title}</h2>
        {description && (
          <p className="mt-1 text-sm text-muted">{description}</p>
        )}
      </div>
      {actions && <div className="flex items-center gap-2">{actions}</div>}
    </div>
  );
}

/** A card whose content reaches its edges (a table, a list) under a titled bar. */
export function TableCard({
  title,
  hint,
  children,
}: {
  title: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <Card padding="none" className="overflow-hidden">
      <div className="border-b border-border px-4 py-3">
        <h2 className="text-sm font-semibold text-ink">{title}</h2>
        <p className="text-sm text-muted">{hint}</p>
      </div>
      {children}
    </Card>
  );
}
