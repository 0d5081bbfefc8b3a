import { CheckCheck } from 'lucide-react';
import type { NotificationView } from '@vitrine/domain/answers';
import { Button } from '../components/ui/button';
import { useToastedAction } from '../hooks/use-toasted-action';
import { errorMessage } from '../lib/api';
import { useDocumentTitle } from '../lib/site';
import { NotificationList } from '../features/notifications/components/notification-list';
import { markNotificationsRead, useNotifications } from '../features/notifications/use-notifications';

/** /notifications: the member's notification centre, newest first, with Mark all as read. */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const list = useNotifications();
  const { busy, run } = useToastedAction();
  const unread = list.data?.some((item) => item.readAt === null) ?? false;
  const markAll = () =>
    run(
      'all',
      async () => {
        await markNotificationsRead();
        await list.mutate();
      },
      {
        success: { title: 'All notifications marked as read' },
        failure: (error) => ({
          title: 'Could not mark them read',
          description: errorMessage(error, 'Please try again.'),
        }),
      },
    );
  // Opening one marks it read on the way; the page it links to opens at once.
  const onOpen = (item: NotificationView) => {
    if (item.readAt === null) void markNotificationsRead([item.id]).catch(() => {});
  };
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">Notifications</h1>
        <Button variant="outline" size="sm" onClick={markAll} disabled={!unread} loading={busy === 'all'}>
          <CheckCheck aria-hidden="true" />
          Mark all as read
        </Button>
      </div>
      <NotificationList list={list} onOpen={onOpen} />
    </div>
  );
}
