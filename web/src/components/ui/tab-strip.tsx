import { useRef, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn';

/** One tab of a TabStrip: its value, its label and the id of the panel it shows. */
export interface StripTab<V extends string> {
  value: V;
  label: string;
  panelId: string;
}

/** The id of a strip tab's button, for its panel's `aria-labelledby`. */
export const stripTabId = (panelId: string) => `${panelId}-tab`;

/**
 * A tab list whose panels live elsewhere on the page (WAI-ARIA tabs: arrow keys, Home and End move
 * between tabs and select them; only the selected tab is in the tab order). For a page whose content
 * must not be moved into a tab panel when the tabs appear after hydration (the project page's owner
 * tabs): the page gives its panels `role="tabpanel"`, `id` and `aria-labelledby={stripTabId(id)}`.
 * Tabs whose panels all render inside them use Tabs (tabs.tsx, Ark UI).
 */
export function TabStrip<V extends string>({
  tabs,
  value,
  onValueChange,
  label,
  className,
}: {
  tabs: StripTab<V>[];
  value: V;
  onValueChange: (value: V) => void;
  label: string;
  className?: string;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index + last) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onValueChange(tabs[next]!.value);
    buttons.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className={cn('inline-flex items-center gap-1 rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800/70', className)}
    >
      {tabs.map((tab, index) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            role="tab"
            id={stripTabId(tab.panelId)}
            aria-selected={selected}
            aria-controls={tab.panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onValueChange(tab.value)}
            onKeyDown={(event) => move(event, index)}
            className={cn(
              'inline-flex h-8 items-center justify-center whitespace-nowrap rounded-md px-3 text-sm font-medium text-zinc-600 transition-colors duration-150',
              'hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 dark:text-zinc-400 dark:hover:text-zinc-100',
              selected && 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-950 dark:text-zinc-50',
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
