import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/**
 * What to do next when a list is empty: an icon, a sentence and usually a button. The title is
 * an h3 under a section's heading; `titleAs` keeps the heading order where the empty state sits
 * right below the page title, or is the whole page.
 */
export function EmptyState({
  icon: Icon,
  title,
  titleAs: Title = 'h3',
  description,
  action,
  className,
}: {
  icon?: LucideIcon;
  title: ReactNode;
  titleAs?: 'h1' | 'h2' | 'h3';
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center px-6 py-12 text-center',
        className,
      )}
    >
      {Icon && (
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon className="size-6" aria-hidden />
        </div>
      )}
      <Title className="text-base font-semibold text-ink">{title}</Title>
      {description && (
        <p className="mt-1 max-w-sm text-sm text-muted">{description}</p>
      )}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
