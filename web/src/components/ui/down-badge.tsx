import { formatDate } from '../../lib/format';

/** The badge of a project whose hosted address stopped answering the live checks (cards and the project page). */
export function DownBadge({ since }: { since: string }) {
  return (
    <span className="rounded bg-red-100 px-1.5 font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
      Down since {formatDate(since)}
    </span>
  );
}
