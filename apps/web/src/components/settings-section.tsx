import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Skeleton } from './skeleton';

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

/** The shape of a few settings sections while their data loads. */
export function SettingsSkeleton({ sections = 2 }: { sections?: number }) {
  return (
    <div aria-busy>
      {Array.from({ length: sections }, (_, index) => (
        <div
          key={index}
          className="grid gap-4 border-b border-border py-8 first:pt-0 last:border-b-0 md:grid-cols-3 md:gap-8"
        >
          <div className="space-y-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-48" />
            <Skeleton className="h-3 w-40" />
          </div>
          <div className="space-y-5 rounded-lg border border-border bg-surface p-5 sm:p-6 md:col-span-2">
            {[0, 1].map((field) => (
              <div key={field} className="space-y-2">
                <Skeleton className="h-3.5 w-24" />
                <Skeleton className="h-9 w-full" />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
