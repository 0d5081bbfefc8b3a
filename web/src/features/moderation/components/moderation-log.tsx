import { Link } from 'wouter';
import { CircleAlert, Shield } from 'lucide-react';
import type { ModerationEntry } from '@vitrine/domain/answers';
import { MODERATION_ACTIONS, REDACTED_USER } from '@vitrine/domain/moderation-log';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { LoadMore } from '../../../components/ui/load-more';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { failureReason } from '../../../lib/reason';
import { useModerationLog } from '../api/use-moderation-log';

/** The entry's subject: a user by name (or redacted), else the title, else the kind and id. */
function Subject({ entry }: { entry: ModerationEntry }) {
  const { subject } = entry;
  const name = subject.username;
  if (subject.type === 'user') {
    if (!name) return <span className="italic text-zinc-500 dark:text-zinc-400">{REDACTED_USER}</span>;
    return (
      <Link href={`/users/${encodeURIComponent(name)}`} className="font-medium hover:underline">
        {name}
      </Link>
    );
  }
  if (subject.title) return <span className="font-medium">“{subject.title}”</span>;
  return <span>{name ? `${subject.type} about ${name}` : `${subject.type} #${subject.id}`}</span>;
}

function Entry({ entry }: { entry: ModerationEntry }) {
  return (
    <li id={`entry-${entry.id}`} className="py-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-sm text-zinc-900 dark:text-zinc-100">
          <span className="font-semibold">{MODERATION_ACTIONS[entry.action].label}</span>
          {': '}
          <Subject entry={entry} />
        </p>
        <RelativeTime value={entry.createdAt} className="text-xs text-zinc-600 dark:text-zinc-400" />
      </div>
      <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{entry.reason}</p>
    </li>
  );
}

/** The public moderation log, newest first, with Load More; loading, failure and empty states. */
export function ModerationLog() {
  const log = useModerationLog();
  if (log.isLoading && log.entries.length === 0)
    return <Skeleton className="h-40 w-full" aria-label="Loading the moderation log" />;
  if (log.error && log.entries.length === 0)
    return (
      <ErrorState
        icon={CircleAlert}
        headingLevel={2}
        title="The moderation log could not be loaded"
        description={failureReason(log.error)}
        onRetry={log.retry}
      />
    );
  if (log.entries.length === 0)
    return (
      <EmptyState
        icon={Shield}
        headingLevel={2}
        title="Nothing moderated yet"
        description="Every action will be listed here."
      />
    );
  return (
    <>
      <ol className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Moderation actions">
        {log.entries.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ol>
      <LoadMore
        list={{ hasMore: log.hasMore, isLoadingMore: log.loadMoreDisabled, loadMore: log.loadMore }}
        label="Load more entries"
      />
    </>
  );
}
