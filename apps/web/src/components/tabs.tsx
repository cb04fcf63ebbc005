import * as RadixTabs from '@radix-ui/react-tabs';
import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '../lib/cn';

/*
 * The line under a tab bar is an inset shadow, not a border: the active tab's underline covers
 * it without a negative margin, which made every bar overflow by a pixel and draw a scrollbar.
 */
const TAB_BAR =
  'flex gap-1 overflow-x-auto shadow-[inset_0_-1px_0_var(--color-border)]';
const TAB =
  'flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap';
const TAB_IDLE = 'border-transparent text-slate-600 hover:text-ink';
const TAB_ACTIVE = 'border-brand-700 text-brand-800';

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
  const list = useRef<HTMLDivElement>(null);
  // Counts arrive after the tabs and widen them: the active one is revealed again then.
  const counts = items.map((item) => item.count ?? '').join();
  useEffect(() => {
    if (list.current) revealActiveTab(list.current, '[data-state="active"]');
  }, [value, counts]);
  return (
    <RadixTabs.Root
      value={value}
      onValueChange={onValueChange}
      className={className}
    >
      <RadixTabs.List ref={list} aria-label={label} className={TAB_BAR}>
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            disabled={item.disabled}
            // Without panels there is nothing for a tab to point to: a dangling reference is
            // an ARIA error (axe, decision 143).
            {...(children ? {} : { 'aria-controls': undefined })}
            className={cn(
              TAB,
              TAB_IDLE,
              'data-[state=active]:border-brand-700 data-[state=active]:text-brand-800',
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

/**
 * On a narrow screen the bar scrolls sideways: the active tab is brought into it, centred,
 * without moving the page (scrollIntoView would scroll the page to the bar as well).
 */
function revealActiveTab(bar: HTMLElement, activeSelector: string): void {
  const active = bar.querySelector<HTMLElement>(activeSelector);
  if (!active) return;
  const shown = bar.getBoundingClientRect();
  const tab = active.getBoundingClientRect();
  if (tab.left >= shown.left && tab.right <= shown.right) return;
  bar.scrollLeft += tab.left - shown.left - (shown.width - tab.width) / 2;
}

/** Tabs that are links to pages (one route each), drawn as `<Tabs>`. */
export function TabLinks({
  items,
  label,
  className,
}: {
  items: { to: string; label: ReactNode }[];
  /** Accessible name of the navigation. */
  label: string;
  className?: string;
}) {
  const bar = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (bar.current) revealActiveTab(bar.current, '[aria-current="page"]');
  }, [pathname]);
  return (
    <nav ref={bar} aria-label={label} className={cn(TAB_BAR, className)}>
      {items.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          className={({ isActive }) =>
            cn(TAB, isActive ? TAB_ACTIVE : TAB_IDLE)
          }
        >
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}
