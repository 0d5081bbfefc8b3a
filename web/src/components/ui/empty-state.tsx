import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from './button';

/**
 * An empty or error panel: icon, title, text and optional action. `tone="error"` colours it red;
 * `headingLevel={1}` when it is the page's only content (not-found screens).
 */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  tone = 'neutral',
  className,
  headingLevel = 3,
}: {
  icon?: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  tone?: 'neutral' | 'error';
  className?: string;
  /** Heading level of the title: 1 when the panel is the whole page (not-found screens). */
  headingLevel?: 1 | 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border border-dashed px-6 py-12 text-center',
        tone === 'error'
          ? 'border-red-300 bg-red-50/50 dark:border-red-900 dark:bg-red-950/20'
          : 'border-zinc-300 dark:border-zinc-700',
        className,
      )}
    >
      {Icon ? (
        <div
          className={cn(
            'mb-4 flex size-12 items-center justify-center rounded-full',
            tone === 'error'
              ? 'bg-red-100 text-red-600 dark:bg-red-950 dark:text-red-400'
              : 'bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400',
          )}
        >
          <Icon className="size-6" aria-hidden="true" />
        </div>
      ) : null}
      <Heading
        className={cn('font-semibold text-zinc-900 dark:text-zinc-100', headingLevel === 1 ? 'text-xl' : 'text-base')}
      >
        {title}
      </Heading>
      {description ? <p className="mt-1 max-w-sm text-sm text-zinc-600 dark:text-zinc-400">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}

/** The panel of a load that failed: a red EmptyState with a 'Try again' button that calls `onRetry`. */
export function ErrorState({
  icon,
  title,
  description,
  onRetry,
  headingLevel,
}: {
  icon: LucideIcon;
  title: ReactNode;
  description: ReactNode;
  onRetry: () => void;
  /** As EmptyState's: 2 where the panel follows the page's h1 directly. */
  headingLevel?: 1 | 2 | 3;
}) {
  return (
    <EmptyState
      headingLevel={headingLevel}
      tone="error"
      icon={icon}
      title={title}
      description={description}
      action={
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
