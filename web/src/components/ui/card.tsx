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

/** Card header area (title + description). */
export function CardHeader({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1 p-5 pb-3', className)} {...rest} />;
}

/** Card title (an h3 by default; pass `as` for another level via wrapping). */
export function CardTitle({ className, ...rest }: HTMLAttributes<HTMLHeadingElement>) {
  return (
    <h3 className={cn('text-base font-semibold leading-snug text-zinc-900 dark:text-zinc-50', className)} {...rest} />
  );
}

/** Card secondary text. */
export function CardDescription({ className, ...rest }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('text-sm text-zinc-600 dark:text-zinc-400', className)} {...rest} />;
}

/** Card body. */
export function CardContent({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('p-5 pt-0', className)} {...rest} />;
}

/** Card footer row. */
export function CardFooter({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('flex items-center gap-2 border-t border-zinc-100 p-4 dark:border-zinc-800', className)}
      {...rest}
    />
  );
}
