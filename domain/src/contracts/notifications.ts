import { z } from '../zod';
import { answers, named, notificationAnswers } from '../answers';
import { PAGE_SIZE } from '../constants';
import { markNotificationsReadSchema, notificationSettingsSchema, unsubscribeSchema } from '../notifications';
import { newestFirstPageSchema, pageLimitSchema } from '../schemas/paging';
import { contract } from './contract';
import { usernameParams } from './params';

const tag = 'notifications' as const;

/** GET /api/feed/following query: Load More's keyset (the last project's id) and the page's length. */
const followingFeedQuery = z.object({
  after: z.coerce
    .number({ error: 'after must be a project id' })
    .int('after must be a project id')
    .min(1, 'after must be a project id')
    .max(2_147_483_647, 'after must be a project id')
    .optional()
    .describe("the id of the previous page's last project; the page starts right after it"),
  limit: pageLimitSchema(PAGE_SIZE),
});

/** Follows, the Following feed, the notification centre and its mail settings. */
export const notificationContracts = {
  follow: contract({
    method: 'post',
    path: '/api/users/:username/follow',
    tag,
    summary: 'Follow a maker (again: no change)',
    params: usernameParams,
    response: notificationAnswers.FollowState,
    errors: { 400: 'Following oneself', 404: 'User not found', 409: 'Following too many makers' },
  }),
  unfollow: contract({
    method: 'delete',
    path: '/api/users/:username/follow',
    tag,
    summary: 'Stop following a maker (not following: no change)',
    params: usernameParams,
    response: notificationAnswers.FollowState,
    errors: { 404: 'User not found' },
  }),
  followingFeed: contract({
    method: 'get',
    path: '/api/feed/following',
    tag,
    summary: "Visible projects of the makers the caller follows, newest first (keyset: after=<last project's id>)",
    query: followingFeedQuery,
    response: z.array(answers.Project),
    paging: { cursor: 'after' },
  }),
  list: contract({
    method: 'get',
    path: '/api/notifications',
    tag,
    summary: 'The caller\'s notifications, newest first, a page at a time (Link rel="next")',
    query: newestFirstPageSchema,
    response: z.array(notificationAnswers.NotificationView),
    paging: { cursor: 'before' },
  }),
  unreadCount: contract({
    method: 'get',
    path: '/api/notifications/unread-count',
    tag,
    summary: "The caller's unread notifications",
    response: notificationAnswers.Count,
  }),
  markRead: contract({
    method: 'post',
    path: '/api/notifications/read',
    tag,
    summary: 'Mark the given notifications read, or all without ids; answers how many changed',
    body: named('MarkNotificationsRead', markNotificationsReadSchema),
    response: notificationAnswers.Count,
  }),
  settings: contract({
    method: 'get',
    path: '/api/users/me/notifications',
    tag,
    summary: "The caller's notification mail settings",
    response: notificationAnswers.NotificationSettings,
  }),
  updateSettings: contract({
    method: 'patch',
    path: '/api/users/me/notifications',
    tag,
    summary: 'Change the mail mode (off, instant, daily, weekly) and the per-kind switches',
    body: named('NotificationSettingsInput', notificationSettingsSchema),
    response: notificationAnswers.NotificationSettings,
  }),
  unsubscribeLink: contract({
    method: 'get',
    path: '/api/unsubscribe',
    tag,
    summary:
      'The unsubscribe link of mails sent before the unsubscribe page existed: 302 to that page (GET /unsubscribe?token=, plain HTML outside the API), which asks before it changes anything. Changes nothing itself',
    query: unsubscribeSchema,
    status: 302,
    response: null,
  }),
  unsubscribe: contract({
    method: 'post',
    path: '/api/unsubscribe',
    tag,
    summary:
      "One-click unsubscribe (RFC 8058) from a notification mail's signed link: turns notification mail off. The token comes in the body or the query",
    body: named('UnsubscribeInput', unsubscribeSchema),
    response: answers.Notice,
    errors: { 400: 'A token that is not valid' },
  }),
};
