import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** A settings block: title and description on the left, the fields in a card on the right. */
export function SettingsSection({
  title,
  description,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      className={cn(
        'grid gap-4 border-b border-border py-8 first:pt-0 last:border-b-0 md:grid-cols-3 md:gap-8',
        className,
      )}
    >
      <div>
        <h2 className="text-base font-semibold text-ink">{title}</h2>
        {description && (
          <p className="mt-1 text-sm text-muted">{description}</p>
        )}
      </div>
      <div className="space-y-5 rounded-lg border border-border bg-surface p-5 shadow-[0_1px_2px_rgb(15_23_42/0.04)] sm:p-6 md:col-span-2">
        {children}
      </div>
    </section>
  );
}
