import { z } from '../zod';
import { REPORT_REASONS, REPORT_STATUSES, ROLES } from '../constants';
import { REQUEST_STATUSES } from '../test-requests';
import { named, rowId as id, tier, timestamp } from './named';
import { projectHealth } from './liveness';

/**
 * The JSON answers of the API's site calls (auth, projects, users, messages, admin, health) as zod
 * schemas: each route contract's `response` (domain/src/contracts/), what the API checks its answers
 * against outside production, and the answer types the web reads (`z.output` of each, exported under
 * the same name). Presenters (api/src/presenters/) build them.
 */

const currentUser = z.object({
  id,
  username: z.string(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  isPaused: z.boolean(),
  role: z.enum(ROLES),
  bio: z.string().nullable(),
  developerTier: tier,
  testerTier: tier,
  emailVerified: z.boolean().describe('whether the owner confirmed the email address'),
});
/** A user's two peer ratings with counts and tiers. */
export const peerRatings = z.object({
  developerRating: z.number(),
  developerRatingCount: z.number().int(),
  developerTierCount: z
    .number()
    .int()
    .describe('how many developer ratings count toward the tier: raters with standing, one per network'),
  developerTier: tier,
  testerRating: z.number(),
  testerRatingCount: z.number().int(),
  testerTierCount: z.number().int().describe('how many tester ratings count toward the tier'),
  testerTier: tier,
});

/** One stored file of a picture. */
const mediaVariant = z.object({
  width: z.number().int().min(1),
  url: z.string().describe('/media/<hash>.<ext>, immutable (cached for a year)'),
  type: z.enum(['image/webp', 'image/avif']),
});
/** A project's picture: the largest WebP as `url`, every stored width and format in `variants`. */
const media = z.object({
  id,
  url: z.string().describe('the widest WebP variant'),
  width: z.number().int().min(1).describe('of the picture as stored (oriented, at most 1600 wide)'),
  height: z.number().int().min(1),
  alt: z.string(),
  position: z.number().int().min(0).describe('0 is the cover'),
  variants: z.array(mediaVariant),
});

const project = z.object({
  id,
  title: z.string(),
  description: z.string(),
  replitUrl: z.string().describe('http(s) address of the hosted project'),
  category: z.string(),
  tags: z.string().describe('comma-separated'),
  userId: id.nullable(),
  username: z.string().nullable(),
  votes: z.number().int(),
  views: z.number().int(),
  totalRatings: z.number().int(),
  averageRating: z.number().describe('one decimal, 0 when unrated'),
  reportCount: z.number().int(),
  commentCount: z.number().int().describe('live comments: not deleted, not hidden'),
  isHidden: z.boolean(),
  createdAt: timestamp,
  hasVoted: z.boolean().describe('the viewer (user, else IP) has voted'),
  myRating: z.number().int().nullable().describe("the signed-in viewer's rating"),
  canEdit: z.boolean().describe('the viewer is the owner or an admin'),
  ownerTier: tier.describe("the author's developer badge tier"),
  cover: media.nullable().describe('the first picture, or null'),
  downSince: timestamp.nullable().describe('set while the hosted project is down: when it stopped answering'),
});

const projectDetail = project.extend({
  ratingDistribution: z.array(z.number().int()).length(10).describe('counts of ratings 1..10'),
  media: z.array(media).describe('the pictures in order, the cover first'),
  health: projectHealth.describe('the live-or-down checks of its hosted address'),
  updates: z.number().int().min(0).describe("how many updates (devlog posts) the project's owner posted"),
});
const leaderboardEntry = project.extend({ rank: z.number().int().min(1) });
const ratingResult = project.extend({ updated: z.boolean().describe("true for a re-rate ('Rating updated')") });
const topContributor = z.object({
  rank: z.number().int(),
  userId: id,
  username: z.string(),
  projectCount: z.number().int(),
  totalVotes: z.number().int(),
});

const profileUser = z
  .object({
    username: z.string(),
    createdAt: timestamp,
    role: z.enum(ROLES),
    isVerified: z.boolean(),
    bio: z.string().nullable(),
    activityPoints: z.number().int(),
    followers: z.number().int().min(0),
    following: z.number().int().min(0).describe('how many makers the user follows'),
    viewerFollows: z.boolean().describe('the signed-in viewer follows this user'),
    feedbackAddressed: z
      .number()
      .int()
      .min(0)
      .describe("how many of the user's feedback items makers' updates addressed"),
  })
  .extend(peerRatings.shape);
const profileRequest = z.object({
  id,
  title: z.string(),
  projectTitle: z.string(),
  status: z.enum(REQUEST_STATUSES),
  as: z.enum(['owner', 'tester']).describe('owner: the user ran it; tester: the user joined it'),
});
const userProfile = z.object({
  user: profileUser,
  requests: z.array(profileRequest).describe('test requests the user ran or tested in'),
  projects: z.array(
    project.pick({
      id: true,
      title: true,
      description: true,
      category: true,
      tags: true,
      votes: true,
      views: true,
      createdAt: true,
      averageRating: true,
      totalRatings: true,
      isHidden: true,
      downSince: true,
    }),
  ),
});
const userOption = z.object({ id, username: z.string() });
const viewerState = z.object({
  id,
  hasVoted: z.boolean(),
  myRating: z.number().int().min(1).max(10).nullable(),
  canEdit: z.boolean(),
});

const messageView = z.object({
  id,
  subject: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: timestamp,
  senderUserId: id.nullable(),
  senderUsername: z.string().nullable(),
  senderIsAdmin: z.boolean().describe("the sender account is an administrator's: its recipient may reply in the inbox"),
  senderName: z.string().nullable(),
  senderEmail: z.string().nullable().describe('shown to admins and to the sender only'),
  recipientUserId: id.nullable().describe('null: addressed to the administrators'),
  recipientUsername: z.string().nullable(),
  repliedAt: timestamp
    .nullable()
    .describe("when an admin last answered this visitor's message by mail (admins only; null otherwise)"),
});
const unreadCount = z.object({ count: z.number().int().min(0) });

const adminUser = z.object({
  id,
  username: z.string(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  isPaused: z.boolean(),
  role: z.enum(ROLES),
  isVerified: z.boolean(),
  createdAt: timestamp,
});
const adminReport = z.object({
  id,
  projectId: id,
  projectTitle: z.string(),
  projectHidden: z.boolean(),
  reason: z.enum(REPORT_REASONS),
  additionalDetails: z.string().nullable(),
  reporterUsername: z.string().nullable(),
  createdAt: timestamp,
  status: z.enum(REPORT_STATUSES),
  adminNotes: z.string().nullable(),
});

const errorBody = z.object({ message: z.string() });
const created = z.object({ message: z.string(), id });
const contactCopy = z
  .enum(['sent', 'confirm'])
  .nullable()
  .describe(
    'sent: the copy goes to a confirmed address; confirm: a confirmation link went out and the copy follows once it is followed; null: no copy',
  );
const contactSent = created.extend({ copy: contactCopy });
const emailConfirmed = z.object({ message: z.string(), confirmed: z.enum(['account', 'contactCopy']) });

/** Every named answer shape; the document lists them under components.schemas. */
export const answers = {
  CurrentUser: named('CurrentUser', currentUser),
  Media: named('Media', media),
  Project: named('Project', project),
  ProjectDetail: named('ProjectDetail', projectDetail),
  LeaderboardEntry: named('LeaderboardEntry', leaderboardEntry),
  RatingResult: named('RatingResult', ratingResult),
  TopContributor: named('TopContributor', topContributor),
  ViewerState: named('ViewerState', viewerState),
  UserProfile: named('UserProfile', userProfile),
  UserOption: named('UserOption', userOption),
  MessageView: named('MessageView', messageView),
  UnreadCount: named('UnreadCount', unreadCount),
  AdminUser: named('AdminUser', adminUser),
  AdminReport: named('AdminReport', adminReport),
  Error: named('Error', errorBody),
  Created: named('Created', created.describe("a stored message or report: the confirmation text and the new row's id")),
  ContactSent: named('ContactSent', contactSent),
  EmailConfirmed: named('EmailConfirmed', emailConfirmed),
  Notice: named('Notice', errorBody.describe('a confirmation text')),
  Views: named('Views', z.object({ views: z.number().int() })),
  Health: named(
    'Health',
    z.object({
      status: z.enum(['ok', 'degraded']),
      message: z.string().optional(),
      database: z.enum(['ok', 'down']),
      redis: z.enum(['ok', 'down']),
    }),
  ),
  Ready: named(
    'Ready',
    z.object({
      status: z.literal('ok').optional(),
      message: z.string().optional(),
      database: z.enum(['ok', 'down']),
      redis: z.enum(['ok', 'down']),
    }),
  ),
  Live: named('Live', z.object({ status: z.literal('ok') })),
} as const;

/** GET /api/auth/me, and the answer of login, register and settings. */
export type CurrentUser = z.output<typeof answers.CurrentUser>;
/** A project's picture (POST /api/projects/{id}/media) with its stored widths and formats. */
export type Media = z.output<typeof answers.Media>;
/** A project as every list and the detail page show it, with the viewer's own state. */
export type Project = z.output<typeof answers.Project>;
/** GET /api/projects/{id}: the project with its rating distribution (index 0 holds the count of 1s). */
export type ProjectDetail = z.output<typeof answers.ProjectDetail>;
/** GET /api/projects/leaderboard entry. */
export type LeaderboardEntry = z.output<typeof answers.LeaderboardEntry>;
/** POST /api/projects/{id}/rate: the updated project; `updated` is true for a re-rate. */
export type RatingResult = z.output<typeof answers.RatingResult>;
/** GET /api/projects/top-contributors entry. */
export type TopContributor = z.output<typeof answers.TopContributor>;
/**
 * GET /api/projects/viewer-state?ids=: the viewer's own state of each listed project (lists and the
 * project page are shared by every visitor; the client lays this small, private answer over them).
 */
export type ViewerState = z.output<typeof answers.ViewerState>;
/** A user's two peer ratings: averages out of 10 with counts, and the tier each earns. */
export type PeerRatings = z.output<typeof peerRatings>;
/** The user part of a profile. */
export type ProfileUser = z.output<typeof profileUser>;
/** A test request a user ran or tested in, on their profile. */
export type ProfileRequest = z.output<typeof profileRequest>;
/** GET /api/users/{username} */
export type UserProfile = z.output<typeof answers.UserProfile>;
/** GET /api/users: the recipient picker. */
export type UserOption = z.output<typeof answers.UserOption>;
/** A message as the inbox lists it. */
export type MessageView = z.output<typeof answers.MessageView>;
/** GET /api/messages/unread-count */
export type UnreadCount = z.output<typeof answers.UnreadCount>;
/** GET /api/admin/users row. */
export type AdminUser = z.output<typeof answers.AdminUser>;
/** GET /api/admin/reports row. */
export type AdminReport = z.output<typeof answers.AdminReport>;
/** Every error answer. */
export type ErrorBody = z.output<typeof answers.Error>;
/** What happens to the copy a contact form asked for. */
export type ContactCopy = z.output<typeof contactCopy>;
/** POST /api/contact: the confirmation text, the message's id and what happens to the copy. */
export type ContactSent = z.output<typeof answers.ContactSent>;
/** POST /api/email/confirm: what was confirmed (a member's address, or a visitor's contact copy). */
export type EmailConfirmed = z.output<typeof answers.EmailConfirmed>;
