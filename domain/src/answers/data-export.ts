import { z } from '../zod';
import { REPORT_REASONS, REPORT_STATUSES, ROLES } from '../constants';
import { NOTIFICATION_EMAIL_MODES } from '../notifications';
import { REQUEST_STATUSES } from '../test-requests';
import { named, rowId as id, timestamp } from './named';

/**
 * The shape of a member's data export (GET /api/users/me/export, docs/api.md "Your data"): every
 * table's rows about the member, presented field by field (api/src/presenters/data-export.ts), never a
 * password hash, a session cut-off, a token or another member's email.
 */
const profile = z.object({
  id,
  username: z.string(),
  email: z.string().nullable(),
  emailVerifiedAt: timestamp.nullable(),
  role: z.enum(ROLES),
  bio: z.string().nullable(),
  isAdmin: z.boolean(),
  isPaused: z.boolean(),
  isVerified: z.boolean(),
  developerRating: z.number(),
  developerRatingCount: z.number().int(),
  testerRating: z.number(),
  testerRatingCount: z.number().int(),
  activityPoints: z.number().int(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  notifyEmail: z.enum(NOTIFICATION_EMAIL_MODES).describe('notification mail: off, instant, daily or weekly digest'),
  notifyKinds: z
    .record(z.string(), z.boolean())
    .describe('per-kind switches of notification mail (a kind missing is on)'),
  createdAt: timestamp,
});

const project = z.object({
  id,
  title: z.string(),
  description: z.string(),
  replitUrl: z.string(),
  category: z.string(),
  tags: z.string().describe('comma-separated'),
  votes: z.number().int(),
  views: z.number().int(),
  averageRating: z.number(),
  totalRatings: z.number().int(),
  isHidden: z.boolean(),
  createdAt: timestamp,
});

const vote = z.object({
  projectId: id,
  projectTitle: z.string(),
  ipAddress: z.string().describe('the address the vote was recorded from'),
  createdAt: timestamp,
});
const rating = vote.extend({ rating: z.number().int().min(1).max(10), updatedAt: timestamp });
const report = z.object({
  id,
  projectId: id,
  projectTitle: z.string(),
  reason: z.enum(REPORT_REASONS),
  additionalDetails: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: timestamp,
});
const message = z.object({
  id,
  direction: z.enum(['sent', 'received']),
  otherUsername: z
    .string()
    .nullable()
    .describe('the other side; null: the administrators (sent), or a visitor or deleted member (received)'),
  subject: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: timestamp,
});
const testRequest = z.object({
  id,
  projectId: id,
  title: z.string(),
  description: z.string(),
  status: z.enum(REQUEST_STATUSES),
  skillsNeeded: z.array(z.string()),
  deadline: timestamp.nullable(),
  maxTesters: z.number().int(),
  testerCount: z.number().int(),
  feedbackCount: z.number().int(),
  isHidden: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
const testerOf = z.object({ requestId: id, requestTitle: z.string(), joinedAt: timestamp });
const feedback = z.object({
  id,
  requestId: id,
  requestTitle: z.string(),
  testerUsername: z.string(),
  worked: z.string(),
  problems: z.string(),
  suggestions: z.string(),
  score: z.number().int(),
  isHelpful: z.boolean(),
  helpfulCount: z.number().int(),
  createdAt: timestamp,
  updatedAt: timestamp,
  addressedByUpdateIds: z.array(id).describe("the project owner's updates that address it"),
});
const peerRating = z.object({
  id,
  requestId: id.nullable(),
  otherUsername: z.string().describe('the rated member (given) or the rater (received)'),
  rating: z.number().int(),
  ratingType: z.string(),
  feedback: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
const submission = z.object({ projectId: id.nullable(), ipAddress: z.string(), createdAt: timestamp });
const comment = z.object({
  id,
  projectId: id,
  projectTitle: z.string(),
  parentId: id.nullable().describe('the thread it answers; null for a thread'),
  body: z.string().describe('the markdown source (empty once deleted)'),
  hidden: z.boolean().describe('an admin hid it'),
  createdAt: timestamp,
  editedAt: timestamp.nullable(),
  deletedAt: timestamp.nullable(),
});
const commentReport = z.object({
  id,
  commentId: id,
  projectId: id,
  reason: z.enum(REPORT_REASONS),
  additionalDetails: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: timestamp,
});
const projectUpdate = z.object({
  id,
  projectId: id,
  projectTitle: z.string(),
  title: z.string(),
  body: z.string().describe('the markdown source; empty once deleted'),
  createdAt: timestamp,
  editedAt: timestamp.nullable(),
  deletedAt: timestamp.nullable(),
  addressedFeedbackIds: z.array(id).describe('the feedback items it addresses'),
});
const follow = z.object({ username: z.string().describe('the maker followed'), followedAt: timestamp });
const follower = z.object({ username: z.string().describe('the member following'), followedAt: timestamp });
const notification = z.object({
  id,
  kind: z.string(),
  url: z.string(),
  subject: z.string(),
  detail: z.string().nullable(),
  count: z.number().int(),
  createdAt: timestamp,
  readAt: timestamp.nullable(),
  emailedAt: timestamp.nullable(),
});
const picture = z.object({
  id,
  projectId: id,
  position: z.number().int(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  urls: z.array(z.string()).describe('every stored file of the picture'),
  createdAt: timestamp,
});
const outboundClick = z.object({ projectId: id, projectTitle: z.string(), day: z.string().describe('YYYY-MM-DD') });
const impression = z.object({ projectId: id, projectTitle: z.string(), day: z.string().describe('YYYY-MM-DD') });
const moderation = z.object({
  id,
  role: z
    .enum(['subject', 'actor'])
    .describe('subject: an action about the member; actor: one the member took as admin'),
  action: z.string(),
  subjectType: z.string(),
  subjectId: id,
  subjectTitle: z.string().nullable(),
  reason: z.string(),
  createdAt: timestamp,
});
const visitorReply = z.object({
  id,
  messageId: id.nullable(),
  subject: z.string(),
  message: z.string(),
  createdAt: timestamp,
});
const emailSent = z.object({ kind: z.string(), sentAt: timestamp });
const webhook = z.object({
  id,
  url: z.string(),
  events: z.array(z.string()),
  projectId: id.nullable(),
  disabledAt: timestamp.nullable(),
  createdAt: timestamp,
});

/** The sections of an export that are lists (each capped, see `truncated`). */
export const EXPORT_LISTS = [
  'projects',
  'votes',
  'ratings',
  'reports',
  'messages',
  'testRequests',
  'testerOf',
  'feedbackGiven',
  'feedbackReceived',
  'peerRatingsGiven',
  'peerRatingsReceived',
  'submissions',
  'comments',
  'projectUpdates',
  'commentReports',
  'following',
  'followers',
  'notifications',
  'pictures',
  'outboundClicks',
  'impressions',
  'moderation',
  'visitorReplies',
  'emailsSent',
  'webhooks',
] as const;
/** One list section's name. */
export type ExportList = (typeof EXPORT_LISTS)[number];

/** GET /api/users/me/export's answer. */
export const DataExport = named(
  'DataExport',
  z.object({
    exportedAt: timestamp,
    profile,
    projects: z.array(project),
    votes: z.array(vote),
    ratings: z.array(rating),
    reports: z.array(report),
    messages: z.array(message),
    testRequests: z.array(testRequest),
    testerOf: z.array(testerOf),
    feedbackGiven: z.array(feedback),
    feedbackReceived: z.array(feedback),
    peerRatingsGiven: z.array(peerRating),
    peerRatingsReceived: z.array(peerRating),
    submissions: z.array(submission),
    comments: z.array(comment).describe("the member's comments, deleted ones included"),
    projectUpdates: z
      .array(projectUpdate)
      .describe('updates the member posted on their projects, deleted ones included'),
    commentReports: z.array(commentReport).describe('reports of comments the member filed'),
    following: z.array(follow).describe('the makers the member follows'),
    followers: z.array(follower).describe('the members who follow the member'),
    notifications: z.array(notification).describe("the member's notifications, read ones included"),
    pictures: z.array(picture).describe("the pictures of the member's projects"),
    outboundClicks: z.array(outboundClick).describe('projects the member opened through their outbound link, by day'),
    impressions: z.array(impression).describe('New & rising cards counted as seen by the member, by day'),
    moderation: z
      .array(moderation)
      .describe('public moderation log entries about the member, or taken by them as admin'),
    visitorReplies: z
      .array(visitorReply)
      .describe("replies the member wrote as admin to visitors' messages (the visitor's address left out)"),
    emailsSent: z.array(emailSent).describe("mails sent to the member's current address"),
    webhooks: z.array(webhook).describe("the member's webhooks (their secrets left out)"),
    truncated: z
      .array(z.enum(EXPORT_LISTS))
      .describe('lists cut at their cap (newest rows kept); empty when the export is whole'),
  }),
);
/** The export as presented. */
export type DataExportAnswer = z.input<typeof DataExport>;
