import { useEffect } from 'react';
import { useApi } from '../../../hooks/use-api';
import { Link } from 'wouter';
import type { NotificationView } from '@vitrine/domain/answers';
import { Popover } from '../../../components/ui/popover';
import { Skeletons } from '../../../components/ui/skeleton';
import { useLiveEvent } from '../../../hooks/use-live-event';
import { apiKey, endpoints } from '../../../lib/api';
import { markReadOnOpen } from '../use-notifications';
import { MarkAllReadButton } from './mark-all-read';
import { NotificationItem } from './notification-list';

/** How many of the latest notifications the bell's panel shows; the rest are on /notifications. */
const BELL_PANEL_SIZE = 8;

/** SWR key of the panel's list: the first page of the centre, shorter. */
const BELL_PANEL_KEY = apiKey(endpoints.notifications.list, { query: { limit: BELL_PANEL_SIZE } });

/** The latest notifications, refetched each time the panel opens and on every `notification:new` push while it is open. */
function useLatestNotifications(open: boolean) {
  const { data, mutate } = useApi(BELL_PANEL_KEY, { revalidateOnMount: false });
  useEffect(() => {
    if (open) void mutate();
  }, [open, mutate]);
  useLiveEvent('notification:new', () => {
    if (open) void mutate();
  });
  return { data, mutate };
}

/** The panel's list: skeletons while it loads, a short empty note, or the items. */
function PanelList({
  items,
  onOpen,
}: {
  items: NotificationView[] | undefined;
  onOpen: (item: NotificationView) => void;
}) {
  if (items === undefined)
    return <Skeletons className="space-y-2 p-3" itemClassName="h-12 rounded-lg" label="Loading notifications" />;
  if (items.length === 0)
    return (
      <p className="px-4 py-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
        No notifications yet. News about your projects, test requests and the makers you follow shows up here.
      </p>
    );
  return (
    <ul className="max-h-[min(28rem,60vh)] divide-y divide-zinc-100 overflow-y-auto dark:divide-zinc-800">
      {items.map((item) => (
        <NotificationItem key={item.id} item={item} onOpen={onOpen} />
      ))}
    </ul>
  );
}

/**
 * The header bell's panel (loaded with its first opening): the latest notifications linking to their
 * places, Mark all as read, and a link to the whole centre. `onNavigate` closes it (and the phone menu).
 */
export function BellPanel({
  triggerId,
  open,
  onOpenChange,
  onNavigate,
}: {
  triggerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onNavigate: () => void;
}) {
  const { data, mutate } = useLatestNotifications(open);
  const leave = () => {
    onOpenChange(false);
    onNavigate();
  };
  const onOpen = (item: NotificationView) => {
    markReadOnOpen(item);
    leave();
  };
  return (
    <Popover triggerId={triggerId} open={open} onOpenChange={onOpenChange} label="Notifications">
      <div className="flex items-center justify-between gap-2 border-b border-zinc-200 px-4 py-2.5 dark:border-zinc-800">
        <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">Notifications</h2>
        <MarkAllReadButton items={data} refresh={() => mutate()} variant="ghost" />
      </div>
      <PanelList items={data} onOpen={onOpen} />
      <div className="border-t border-zinc-200 px-4 py-2.5 text-center dark:border-zinc-800">
        <Link
          href="/notifications"
          onClick={leave}
          className="rounded-sm text-sm font-medium text-accent-700 hover:underline dark:text-accent-300"
        >
          See all notifications
        </Link>
      </div>
    </Popover>
  );
}
