import type { HTMLAttributes } from 'react';
import { categoryColor } from '@vitrine/domain/display';
import { cn } from '../../lib/cn';

/** Badge colours: the category / rating palette plus neutral and accent. */
export type BadgeColor = 'grey' | 'blue' | 'green' | 'purple' | 'yellow' | 'pink' | 'red' | 'accent' | 'outline';

const colors: Record<BadgeColor, string> = {
  grey: 'bg-zinc-100 text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700',
  blue: 'bg-blue-50 text-blue-700 ring-blue-200 dark:bg-blue-950/60 dark:text-blue-300 dark:ring-blue-900',
  green: 'bg-green-50 text-green-700 ring-green-200 dark:bg-green-950/60 dark:text-green-300 dark:ring-green-900',
  purple:
    'bg-purple-50 text-purple-700 ring-purple-200 dark:bg-purple-950/60 dark:text-purple-300 dark:ring-purple-900',
  yellow:
    'bg-yellow-50 text-yellow-800 ring-yellow-200 dark:bg-yellow-950/60 dark:text-yellow-300 dark:ring-yellow-900',
  pink: 'bg-pink-50 text-pink-700 ring-pink-200 dark:bg-pink-950/60 dark:text-pink-300 dark:ring-pink-900',
  red: 'bg-red-50 text-red-700 ring-red-200 dark:bg-red-950/60 dark:text-red-300 dark:ring-red-900',
  accent:
    'bg-accent-50 text-accent-700 ring-accent-200 dark:bg-accent-950/60 dark:text-accent-300 dark:ring-accent-900',
  outline: 'bg-transparent text-zinc-700 ring-zinc-300 dark:text-zinc-300 dark:ring-zinc-700',
};

/** A small pill: `<Badge color="green">Admin</Badge>`. */
export function Badge({
  color = 'grey',
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { color?: BadgeColor }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset [&_svg]:size-3',
        colors[color],
        className,
      )}
      {...rest}
    />
  );
}

/** The category badge with that category's colour (CATEGORY_COLORS). */
export function CategoryBadge({ category, className }: { category: string; className?: string }) {
  return (
    <Badge color={categoryColor(category)} className={className}>
      {category}
    </Badge>
  );
}
