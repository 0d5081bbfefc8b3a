import { makeNotificationQueries } from '@vitrine/db/queries/notifications';
import type { MemberCaller } from '../context';

/** The member marks their notifications `ids` read, or all of them; answers how many were unread. */
export async function notificationReadMarker(caller: MemberCaller, input: { ids?: number[] }): Promise<number> {
  return makeNotificationQueries(caller.deps.sql).markRead(caller.user.id, input.ids);
}
