import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export type TabItem = {
  value: string;
  label: ReactNode;
  /** A count shown beside the label (e.g. interviewees in a stage). */
  count?: number;
  disabled?: boolean;
};

export type TabsProps = {
  value: string;
  onValueChange: (value: string) => void;
  items: TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  /** Panels keyed by value; leave out when the tabs only filter content shown below. */
  children?: ReactNode;
  className?: string;
};

/** Underlined tabs; arrow keys move between them. */
export function Tabs({
  value,
  onValueChange,
  items,
  label,
  children,
  className,
}: TabsProps) {
  return (
    <RadixTabs.Root
      value={value}
      onValueChange={onValueChange}
      className={className}
    >
      <RadixTabs.List
        aria-label={label}
        className="flex gap-1 overflow-x-auto border-b border-border"
      >
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            disabled={item.disabled}
            className={cn(
              '-mb-px flex items-center gap-2 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-slate-600',
              'hover:text-ink data-[state=active]:border-brand-700 data-[state=active]:text-brand-800',
              'disabled:opacity-50',
            )}
          >
            {item.label}
            {item.count !== undefined && (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                {item.count}
              </span>
            )}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {children}
    </RadixTabs.Root>
  );
}

/** The content of one tab, inside `<Tabs>`. */
export function TabPanel({
  value,
  children,
  className,
}: {
  value: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <RadixTabs.Content
      value={value}
      className={cn('pt-5 focus-visible:outline-none', className)}
    >
      {children}
    </RadixTabs.Content>
  );
}
