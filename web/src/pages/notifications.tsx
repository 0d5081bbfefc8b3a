import { useDocumentTitle } from '../lib/site';
import { NotificationList } from '../features/notifications/components/notification-list';
import { MarkAllReadButton } from '../features/notifications/components/mark-all-read';
import { markReadOnOpen, useNotifications } from '../features/notifications/use-notifications';

/** /notifications: the member's notification centre, newest first, with Mark all as read. */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const list = useNotifications();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">Notifications</h1>
        <MarkAllReadButton items={list.data} refresh={() => list.mutate()} variant="outline" />
      </div>
      <NotificationList list={list} onOpen={markReadOnOpen} />
    </div>
  );
}
