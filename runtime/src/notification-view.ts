import type { NotificationRow } from '@vitrine/db/queries/notifications';
import type { NotificationView } from '@vitrine/domain/answers';
import { notificationText } from '@vitrine/domain/notifications';

/**
 * A notification as the centre shows it, the sentence made from its kind, actors and text parts: the
 * presenter of GET /api/notifications and of the worker's `notification:new` push alike.
 */
export function presentNotification(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    kind: row.kind,
    text: notificationText(row),
    url: row.url,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
    actors: row.actors.map((username) => ({ username })),
    count: row.count,
    ...(row.projectId === null ? {} : { projectId: row.projectId }),
  };
}
