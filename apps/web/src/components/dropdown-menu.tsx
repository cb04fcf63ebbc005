import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export type DropdownMenuProps = {
  /** The element that opens the menu (a button). */
  trigger: ReactNode;
  /** Accessible name of the menu. */
  label: string;
  children: ReactNode;
  align?: 'start' | 'end';
};

/** A menu of actions or links; arrow keys move, Enter picks, Escape closes. */
export function DropdownMenu({
  trigger,
  label,
  children,
  align = 'end',
}: DropdownMenuProps) {
  return (
    <Menu.Root>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          aria-label={label}
          align={align}
          sideOffset={6}
          className="z-50 min-w-48 rounded-lg border border-border bg-surface p-1 shadow-overlay animate-overlay-in"
        >
          {children}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

export function DropdownMenuItem({
  children,
  onSelect,
  asChild,
  tone = 'default',
  disabled,
}: {
  children: ReactNode;
  onSelect?: () => void;
  asChild?: boolean;
  tone?: 'default' | 'danger';
  disabled?: boolean;
}) {
  return (
    <Menu.Item
      asChild={asChild}
      onSelect={onSelect}
      disabled={disabled}
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none select-none',
        'data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100',
        tone === 'danger' ? 'text-danger' : 'text-ink',
      )}
    >
      {children}
    </Menu.Item>
  );
}

export function DropdownMenuSeparator() {
  return <Menu.Separator className="my-1 h-px bg-border" />;
}
