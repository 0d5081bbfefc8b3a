import { Link } from 'wouter';
import { BellOff } from 'lucide-react';
import type { NotificationView } from '@vitrine/domain/answers';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMore } from '../../../components/ui/load-more';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeletons } from '../../../components/ui/skeleton';
import type { List } from '../../../hooks/use-list';
import { cn } from '../../../lib/cn';

/** One notification: its sentence linking to its place, when, and whether it is unread (the centre and the bell's panel). */
export function NotificationItem({
  item,
  onOpen,
}: {
  item: NotificationView;
  onOpen: (item: NotificationView) => void;
}) {
  const unread = item.readAt === null;
  return (
    <li
      className={cn(
        'relative flex items-start gap-3 px-4 py-3',
        unread ? 'bg-accent-50/60 dark:bg-accent-950/30' : undefined,
      )}
    >
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-accent-600' : 'bg-transparent')}
      />
      <div className="min-w-0 flex-1">
        <Link
          href={item.url}
          onClick={() => onOpen(item)}
          className="text-sm text-zinc-900 outline-none after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-accent-500 dark:text-zinc-100"
        >
          {unread ? <span className="sr-only">Unread: </span> : null}
          {item.text}
        </Link>
        <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">
          <RelativeTime value={item.createdAt} />
        </p>
      </div>
    </li>
  );
}

/** The notification centre's list, newest first, a page at a time. */
export function NotificationList({
  list,
  onOpen,
}: {
  list: List<NotificationView>;
  onOpen: (item: NotificationView) => void;
}) {
  if (list.data === undefined)
    return <Skeletons className="space-y-2" itemClassName="h-16 rounded-lg" label="Loading notifications" />;
  if (list.data.length === 0)
    return (
      <EmptyState
        icon={BellOff}
        title="No notifications yet"
        description="News about your projects, test requests and the makers you follow shows up here."
      />
    );
  return (
    <>
      <ul className="divide-y divide-zinc-100 overflow-hidden rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
        {list.data.map((item) => (
          <NotificationItem key={item.id} item={item} onOpen={onOpen} />
        ))}
      </ul>
      <LoadMore list={list} label="Load more notifications" />
    </>
  );
}
