import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** A grey placeholder block; size it exactly like what it stands for so nothing shifts on load. */
export function Skeleton({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-zinc-200/80 dark:bg-zinc-800', className)}
      {...rest}
    />
  );
}

/**
 * `count` placeholders of one size (`itemClassName`) in a box laid out by `className`: a list or grid
 * still loading. `label` is announced to screen readers.
 */
export function Skeletons({
  count = 3,
  className,
  itemClassName,
  label,
}: {
  count?: number;
  className?: string;
  itemClassName: string;
  label?: string;
}) {
  return (
    <div aria-busy="true" className={className}>
      {label ? (
        <span className="sr-only" role="status">
          {label}
        </span>
      ) : null}
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={itemClassName} />
      ))}
    </div>
  );
}
