import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** A rounded panel with a 1 px border; `interactive` adds the soft hover shadow of clickable cards. */
export function Card({ className, interactive, ...rest }: HTMLAttributes<HTMLDivElement> & { interactive?: boolean }) {
  return (
    <div
      className={cn(
        'rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900',
        interactive &&
          'transition-shadow duration-200 hover:shadow-md hover:shadow-zinc-200/60 dark:hover:shadow-black/40',
        className,
      )}
      {...rest}
    />
  );
}
