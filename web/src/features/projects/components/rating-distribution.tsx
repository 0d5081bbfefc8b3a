import { RATING_MAX } from '@vitrine/domain/constants';
import { ratingColor } from '@vitrine/domain/display';
import { cn } from '../../../lib/cn';

/** Share of each rating (10 down to 1) as whole percentages of the total. */
export function distributionRows(
  distribution: readonly number[],
): Array<{ rating: number; count: number; percent: number }> {
  const total = distribution.reduce((sum, n) => sum + n, 0);
  return Array.from({ length: RATING_MAX }, (_, i) => {
    const rating = RATING_MAX - i;
    const count = distribution[rating - 1] ?? 0;
    return { rating, count, percent: total ? Math.round((count / total) * 100) : 0 };
  });
}

const BAR: Record<'green' | 'yellow' | 'red', string> = {
  green: 'bg-green-500',
  yellow: 'bg-yellow-400',
  red: 'bg-red-500',
};

/** The rating distribution (server data: counts of 1..10); 'No ratings yet for this project' when empty. */
export function RatingDistribution({ distribution, total }: { distribution: readonly number[]; total: number }) {
  if (!total) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No ratings yet for this project</p>;
  return (
    <ul className="space-y-1.5">
      {distributionRows(distribution).map((row) => (
        <li key={row.rating} className="flex items-center gap-2 text-xs">
          <span className="tabular w-9 shrink-0 text-right text-zinc-600 dark:text-zinc-400">{row.rating}/10</span>
          <div
            className="h-2 flex-1 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
            role="meter"
            aria-label={`Rated ${row.rating}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={row.percent}
            aria-valuetext={`${row.count} ${row.count === 1 ? 'rating' : 'ratings'}, ${row.percent}%`}
          >
            <div
              className={cn('h-full rounded-full transition-[width] duration-200', BAR[ratingColor(row.rating)])}
              style={{ width: `${row.percent}%` }}
            />
          </div>
          <span className="tabular w-6 shrink-0 text-zinc-500 dark:text-zinc-400">{row.count}</span>
        </li>
      ))}
    </ul>
  );
}
