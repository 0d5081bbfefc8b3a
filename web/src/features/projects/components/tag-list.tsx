import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** A project's tags as '#tag' chips in a list labelled 'Tags'; `children` adds items at its end. */
export function TagList({ tags, className, children }: { tags: string[]; className?: string; children?: ReactNode }) {
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} aria-label="Tags">
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-md bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
        >
          #{tag}
        </li>
      ))}
      {children}
    </ul>
  );
}
