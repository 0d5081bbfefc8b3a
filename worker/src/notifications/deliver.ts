import { makeNotificationQueries, type NotificationNews } from '@vitrine/db/queries/notifications';
import { presentNotification } from '@vitrine/runtime/notification-view';
import type { WorkerContext } from '../context';
import { enqueueInstantMails } from './instant-mail';

/**
 * Delivers one piece of news (db/src/queries/notifications.ts `deliver`): writes or grows each
 * recipient's row in one statement, pushes `notification:new` with their unread count to their
 * sockets, and queues the instant mails. A second delivery of the same news adds nothing and pushes
 * nothing. Answers how many recipients got it.
 */
export async function deliverNews(ctx: WorkerContext, news: NotificationNews): Promise<number> {
  const notifications = makeNotificationQueries(ctx.sql);
  const written = await notifications.deliver(news);
  if (written.length === 0) return 0;
  const rows = await notifications.findDelivered(written.map((row) => row.id));
  ctx.live.notify(
    rows.map((row) => ({ userId: row.userId, notification: presentNotification(row), unreadCount: row.unreadCount })),
  );
  await enqueueInstantMails(ctx, news, written);
  return written.length;
}
