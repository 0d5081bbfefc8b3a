import { z } from './zod';

/**
 * The notification centre's kinds, what each says and the mail settings (docs/architecture.md
 * "Notifications"). The worker writes the rows; the API presents them with `notificationText`.
 */
export const NOTIFICATION_KINDS = [
  'comment',
  'reply',
  'mention',
  'newProject',
  'newFollower',
  'testerJoined',
  'feedbackPosted',
  'requestStatus',
  'feedbackHelpful',
  'ratingReceived',
  'trending',
  'projectHealth',
  'adminReply',
  'feedbackAddressed',
  'projectUpdate',
  'webhookDisabled',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The labels of the per-kind mail switches in /settings. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  comment: 'Comments on your projects',
  reply: 'Replies to your comments',
  mention: 'Mentions',
  newProject: 'New projects of makers you follow',
  newFollower: 'New followers',
  testerJoined: 'Testers joining your test requests',
  feedbackPosted: 'Feedback on your test requests',
  requestStatus: 'Status changes of test requests you joined',
  feedbackHelpful: 'Your feedback marked helpful',
  ratingReceived: 'Ratings you receive',
  trending: "Your project in today's Trending top 10",
  projectHealth: 'Your projects going down or coming back up',
  adminReply: 'Replies from the admins',
  feedbackAddressed: 'Your feedback addressed in an update',
  projectUpdate: 'Updates of makers you follow',
  webhookDisabled: 'Your webhooks switched off after failed deliveries',
};

/** How a member gets notifications by mail. */
export const NOTIFICATION_EMAIL_MODES = ['off', 'instant', 'daily', 'weekly'] as const;
export type NotificationEmailMode = (typeof NOTIFICATION_EMAIL_MODES)[number];
/** The modes that mail news: at once, or in a daily or weekly digest (all but 'off'). */
export const MAILING_MODES = NOTIFICATION_EMAIL_MODES.filter(
  (mode): mode is Exclude<NotificationEmailMode, 'off'> => mode !== 'off',
);
/** A mode that mails news. */
export type MailingMode = (typeof MAILING_MODES)[number];
/** The modes that gather news into one mail. */
export const DIGEST_MODES = MAILING_MODES.filter((mode): mode is Exclude<MailingMode, 'instant'> => mode !== 'instant');
/** A mode that gathers news into one mail. */
export type DigestMode = (typeof DIGEST_MODES)[number];

/** A member follows at most this many makers (which bounds the Following feed's merge). */
export const MAX_FOLLOWS = 1000;
/** Read notifications are pruned after this many days. */
export const READ_NOTIFICATION_DAYS = 90;
/** Unread notifications of a group keep this many latest actors by name. */
export const GROUP_ACTORS_SHOWN = 3;

/** PATCH /api/users/me/notifications body: the mail mode and the per-kind switches (both optional). */
export const notificationSettingsSchema = z.object({
  email: z.enum(NOTIFICATION_EMAIL_MODES, { error: 'email must be off, instant, daily or weekly' }).optional(),
  kinds: z
    .partialRecord(
      z.enum(NOTIFICATION_KINDS, { error: 'Unknown notification kind' }),
      z.boolean({ error: 'Each kind must be true or false' }),
    )
    .optional(),
});

/** POST /api/notifications/read body: the ids to mark read, or none for all. */
export const markNotificationsReadSchema = z.object({
  ids: z
    .array(z.number().int().min(1).max(2_147_483_647), { error: 'ids must be a list of notification ids' })
    .max(100, 'ids must list at most 100 notifications')
    .optional(),
});

/** The refusal of an unsubscribe token that is missing, malformed or not signed by this site. */
export const BAD_UNSUBSCRIBE_TOKEN = 'This unsubscribe link is not valid';

/** POST /api/unsubscribe body (a mail client's one-click POST sends the token in the query instead). */
export const unsubscribeSchema = z.object({
  token: z.string({ error: BAD_UNSUBSCRIBE_TOKEN }).max(200, BAD_UNSUBSCRIBE_TOKEN).optional(),
});

/** Who did it, in a sentence: "ada_dev", "ada_dev and bob", "ada_dev and 4 others". */
function whoDidIt(actors: string[], actorCount: number): string {
  const [first = 'Someone', second] = actors;
  if (actorCount <= 1) return first;
  if (actorCount === 2 && second) return `${first} and ${second}`;
  const others = actorCount - 1;
  return `${first} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/** A notification's sentence from its kind, its latest actors' names, how many acted, and its text parts. */
export function notificationText(n: {
  kind: NotificationKind;
  actors: string[];
  actorCount: number;
  subject: string;
  detail: string | null;
}): string {
  const who = whoDidIt(n.actors, n.actorCount);
  const s = `"${n.subject}"`;
  switch (n.kind) {
    case 'comment':
      return `${who} commented on ${s}`;
    case 'reply':
      return `${who} replied to your comment on ${s}`;
    case 'mention':
      return `${who} mentioned you on ${s}`;
    case 'newProject':
      return `${who} published a new project: ${s}`;
    case 'newFollower':
      return `${who} started following you`;
    case 'testerJoined':
      return `${who} joined your test request ${s}`;
    case 'feedbackPosted':
      return `${who} posted feedback on your test request ${s}`;
    case 'requestStatus':
      return `The test request ${s} is now ${n.detail ?? 'changed'}`;
    case 'feedbackHelpful':
      return `${who} marked your feedback on ${s} helpful`;
    case 'ratingReceived':
      return `${who} rated you for the test request ${s}`;
    case 'trending':
      return `${s} entered today's Trending top 10`;
    case 'projectHealth':
      return n.detail === 'down' ? `${s} is down: its address stopped answering` : `${s} is back up`;
    case 'adminReply':
      return `An admin replied to your message ${s}`;
    case 'feedbackAddressed':
      return `Your feedback on ${s} was addressed in "${n.detail ?? 'an update'}"`;
    case 'projectUpdate':
      return `${who} posted an update on ${s}: "${n.detail ?? 'an update'}"`;
    case 'webhookDisabled':
      return `Your webhook to ${s} was switched off: ${n.detail ?? 'its deliveries failed'}`;
  }
}
