import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons at the right (e.g. 'Create new interview'). */
  actions?: ReactNode;
  /** A back link or breadcrumb above the title. */
  eyebrow?: ReactNode;
  className?: string;
};

/** The page's h1 with its description and main actions. */
export function PageHeader({
  title,
  description,
  actions,
  eyebrow,
  className,
}: PageHeaderProps) {
  return (
    <div
      className={cn(
        'mb-6 flex flex-wrap items-end justify-between gap-4',
        className,
      )}
    >
      <div className="min-w-0">
        {eyebrow && <div className="mb-2 text-sm text-muted">{eyebrow}</div>}
        <h1 className="text-2xl font-semibold tracking-tight text-ink">
          {title}
        </h1>
        {description && (
          <p className="mt-1 max-w-2xl text-sm text-muted">{description}</p>
        )}
      </div>
      {actions && (
        <div className="flex flex-wrap items-center gap-2">{actions}</div>
      )}
    </div>
  );
}
