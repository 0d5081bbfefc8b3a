import { formatDate } from '../../../lib/format';

/** "Down since <date>" on a card whose project's address stopped answering (liveness checks). */
export function DownBadge({ since }: { since: string }) {
  return (
    <span className="rounded bg-red-100 px-1.5 text-xs font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
      Down since {formatDate(since)}
    </span>
  );
}
