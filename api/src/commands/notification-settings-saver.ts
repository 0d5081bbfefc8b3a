import { makeUserQueries } from '@vitrine/db/queries/users';
import type { NotificationEmailMode, NotificationKind } from '@vitrine/domain/notifications';
import type { MemberCaller } from '../context';

/**
 * The member changes how notifications reach them by mail (PATCH /api/users/me/notifications): the
 * mode and the per-kind switches given; what is not given stays as it was.
 */
export async function notificationSettingsSaver(
  caller: MemberCaller,
  input: { email?: NotificationEmailMode; kinds?: Partial<Record<NotificationKind, boolean>> },
): Promise<void> {
  await makeUserQueries(caller.deps.sql).updateNotificationSettings(caller.user.id, {
    email: input.email ?? caller.user.notifyEmail,
    kinds: { ...caller.user.notifyKinds, ...input.kinds },
  });
}
