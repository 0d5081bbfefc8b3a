import { notificationContracts } from '@vitrine/domain/contracts/notifications';
import { makeFollowQueries } from '@vitrine/db/queries/follows';
import { makeNotificationQueries } from '@vitrine/db/queries/notifications';
import { makeUserQueries } from '@vitrine/db/queries/users';
import { NOTIFICATION_KINDS } from '@vitrine/domain/notifications';
import type { NotificationSettings } from '@vitrine/domain/answers';
import type { UserRow } from '@vitrine/db/queries/users';
import { presentNotification } from '@vitrine/runtime/notification-view';
import { mapPage, pageById } from '@vitrine/domain/schemas/paging';
import { route, type Route } from '../contracts/route';
import { FOLLOW_SELF, followSetter, TOO_MANY_FOLLOWS } from '../commands/follow-setter';
import { notificationReadMarker } from '../commands/notification-read-marker';
import { notificationSettingsSaver } from '../commands/notification-settings-saver';
import { UNSUBSCRIBED, unsubscriber } from '../commands/unsubscriber';
import { UNSUBSCRIBE_PAGE_PATH } from './unsubscribe-page';
import { presentProject } from '../presenters/project';
import { viewerOf } from '../loaders';

/** The mail settings of `user` as GET /api/users/me/notifications answers them (every kind listed). */
function presentSettings(user: UserRow): NotificationSettings {
  return {
    email: user.notifyEmail,
    kinds: Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [kind, user.notifyKinds[kind] !== false]),
    ) as NotificationSettings['kinds'],
    emailConfirmed: user.email !== null && user.emailVerifiedAt !== null,
  };
}

/** Follows, the Following feed, the notification centre, its mail settings and the one-click unsubscribe. */
export const notificationRoutes: Route[] = [
  route(
    notificationContracts.follow,
    { access: 'active', limit: 'follow', errors: { 400: FOLLOW_SELF, 409: TOO_MANY_FOLLOWS } },
    (call) => followSetter(call, { username: call.params.username, follow: true }),
  ),
  route(notificationContracts.unfollow, { access: 'active', limit: 'follow' }, (call) =>
    followSetter(call, { username: call.params.username, follow: false }),
  ),
  route(notificationContracts.followingFeed, { access: 'member' }, async (call) => {
    const viewer = { ...viewerOf(call), userId: call.user.id };
    const { limit } = call.query;
    const rows = await makeFollowQueries(call.deps.sql).listFollowingFeed({ viewer, ...call.query, limit: limit + 1 });
    return pageById(
      rows.map((row) => presentProject(row, call.user)),
      limit,
    );
  }),
  route(notificationContracts.list, { access: 'member' }, async (call) =>
    mapPage(
      await makeNotificationQueries(call.deps.sql).listForRecipient(call.user.id, call.query),
      presentNotification,
    ),
  ),
  route(notificationContracts.unreadCount, { access: 'member' }, async ({ deps, user }) => ({
    count: await makeNotificationQueries(deps.sql).countUnread(user.id),
  })),
  route(notificationContracts.markRead, { access: 'member', limit: 'notificationRead' }, async (call) => ({
    count: await notificationReadMarker(call, call.body),
  })),
  route(notificationContracts.settings, { access: 'member' }, async (call) => presentSettings(call.user)),
  route(notificationContracts.updateSettings, { access: 'member', limit: 'settings' }, async (call) => {
    await notificationSettingsSaver(call, call.body);
    return presentSettings((await makeUserQueries(call.deps.sql).findUserById(call.user.id))!);
  }),
  route(notificationContracts.unsubscribeLink, { access: 'anyone' }, (call) => {
    call.koa.set('Cache-Control', 'no-store');
    call.koa.redirect(`${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(call.query.token ?? '')}`);
  }),
  route(notificationContracts.unsubscribe, { access: 'anyone', limit: 'unsubscribe' }, async (call) => {
    const fromQuery = call.koa.query.token;
    await unsubscriber(call, { token: call.body.token ?? (typeof fromQuery === 'string' ? fromQuery : undefined) });
    return { message: UNSUBSCRIBED };
  }),
];
