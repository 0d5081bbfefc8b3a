import { z } from '../zod';
import { NOTIFICATION_EMAIL_MODES, NOTIFICATION_KINDS } from '../notifications';
import { named, rowId as id, timestamp } from './named';

/** A notification as the centre shows it (grouped: `count` news, latest actors first). */
const notificationView = z.object({
  id,
  kind: z.enum(NOTIFICATION_KINDS),
  text: z.string().describe('the sentence shown, e.g. \'ada_dev and 4 others commented on "X"\''),
  url: z.string().describe('where it links, a path of the site'),
  createdAt: timestamp.describe('when its latest news arrived'),
  readAt: timestamp.nullable(),
  actors: z.array(z.object({ username: z.string() })).describe('the latest actors, newest first'),
  count: z.number().int().min(1).describe('how many pieces of news the notification groups'),
  projectId: id.optional(),
});

const followState = z.object({
  following: z.boolean().describe('the caller follows the maker now'),
  followers: z.number().int().min(0),
});

const notificationSettings = z.object({
  email: z.enum(NOTIFICATION_EMAIL_MODES).describe('off, each at once, or a daily or weekly digest'),
  kinds: z.record(z.enum(NOTIFICATION_KINDS), z.boolean()).describe('whether each kind is mailed'),
  emailConfirmed: z.boolean().describe('mail goes only to a confirmed address'),
});

/** The answers of follows and the notification centre. */
export const notificationAnswers = {
  NotificationView: named('Notification', notificationView),
  FollowState: named('FollowState', followState),
  NotificationSettings: named('NotificationSettings', notificationSettings),
  Count: named('Count', z.object({ count: z.number().int().min(0) })),
} as const;

/** A notification as GET /api/notifications lists it and `notification:new` pushes it. */
export type NotificationView = z.output<typeof notificationAnswers.NotificationView>;
/** POST/DELETE /api/users/{username}/follow */
export type FollowState = z.output<typeof notificationAnswers.FollowState>;
/** GET/PATCH /api/users/me/notifications */
export type NotificationSettings = z.output<typeof notificationAnswers.NotificationSettings>;
