import type { ReactNode } from 'react';
import { Tabs as ArkTabs } from '@ark-ui/react/tabs';
import { cn } from '../../lib/cn';

/** One tab: its value, its label, and optionally a count badge. */
interface TabItem<V extends string = string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

/** Props of Tabs. Controlled when `value` is given; content is rendered with TabPanel children. */
export interface TabsProps<V extends string = string> {
  items: TabItem<V>[];
  value?: V;
  defaultValue?: V;
  onValueChange?: (value: V) => void;
  children: ReactNode;
  /** Accessible name of the tab list. */
  label?: string;
  className?: string;
  listClassName?: string;
  /** Stretch the triggers to fill the width. */
  fullWidth?: boolean;
  /** Hide the tab list below the md breakpoint (the page shows its own dropdown there). */
  hideListOnMobile?: boolean;
}

/**
 * Tabs (Ark UI; arrow keys move between tabs):
 * `<Tabs items={[{ value: 'a', label: 'A' }]} value={v} onValueChange={setV}><TabPanel value="a">...</TabPanel></Tabs>`
 */
export function Tabs<V extends string = string>({
  items,
  value,
  defaultValue,
  onValueChange,
  children,
  label,
  className,
  listClassName,
  fullWidth,
  hideListOnMobile,
}: TabsProps<V>) {
  return (
    <ArkTabs.Root
      value={value}
      defaultValue={defaultValue ?? items[0]?.value}
      onValueChange={(details) => onValueChange?.(details.value as V)}
      className={className}
      lazyMount
    >
      <ArkTabs.List
        aria-label={label}
        className={cn(
          'max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800/70',
          // On phones a strip wider than the screen scrolls: its right edge fades out as the cue, and
          // the padding under the fade lets the last tab scroll fully into view.
          'max-sm:pr-6 max-sm:[mask-image:linear-gradient(to_right,#000_calc(100%-1.5rem),transparent)]',
          fullWidth ? 'flex w-full' : hideListOnMobile ? 'hidden md:inline-flex' : 'inline-flex',
          listClassName,
        )}
      >
        {items.map((item) => (
          <ArkTabs.Trigger
            key={item.value}
            value={item.value}
            disabled={item.disabled}
            className={cn(
              'inline-flex h-8 items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 text-sm font-medium text-zinc-600 transition-colors duration-150',
              'hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100',
              'data-[selected]:bg-white data-[selected]:text-zinc-900 data-[selected]:shadow-sm',
              'dark:data-[selected]:bg-zinc-950 dark:data-[selected]:text-zinc-50',
              'disabled:opacity-50',
              fullWidth && 'flex-1',
            )}
          >
            {item.label}
          </ArkTabs.Trigger>
        ))}
      </ArkTabs.List>
      {children}
    </ArkTabs.Root>
  );
}

/** The content of one tab, shown when its value is selected; `className` replaces the default top margin. */
export function TabPanel({ value, children, className }: { value: string; children: ReactNode; className?: string }) {
  return (
    <ArkTabs.Content value={value} className={cn('outline-none', className ?? 'mt-4')}>
      {children}
    </ArkTabs.Content>
  );
}
