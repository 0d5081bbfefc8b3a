import { z } from 'zod';
import { REPORT_REASONS, REPORT_STATUSES, ROLES } from '@vitrine/domain/constants';
import { REQUEST_STATUSES } from '@vitrine/domain/test-requests';
import { idSchema } from '@vitrine/domain/schemas/project';
import type {
  AdminReport,
  AdminUser,
  ContactSent,
  CurrentUser,
  EmailConfirmed,
  ErrorBody,
  LeaderboardEntry,
  MessageView,
  Project,
  ProjectDetail,
  RatingResult,
  TopContributor,
  UnreadCount,
  UserOption,
  UserProfile,
  ViewerState,
} from '@vitrine/domain/types';

/**
 * The JSON answers of the API as zod schemas: the `response` of each route contract, which types what
 * its handler may answer and becomes the document's response schema. Presenters build the answers;
 * domain/src/types.ts declares them for the client. The `Same` checks at the bottom fail the
 * type-check when a schema here and a type there drift apart.
 */

/**
 * Names of schemas the OpenAPI document lists once under components.schemas and refers to. A plain map
 * rather than a zod registry: a registry's metadata is inherited by derived schemas (`.describe()`).
 */
export const schemaNames = new Map<z.ZodType, string>();

/** Registers `schema` under `name` for the document (request bodies and answers) and returns it. */
export function named<S extends z.ZodType>(name: string, schema: S): S {
  schemaNames.set(schema, name);
  return schema;
}

const timestamp = z.iso.datetime({ offset: true }).describe('ISO 8601 time');
const id = z.number().int().min(1);

/** A badge tier of one role, shared with the test-request answers. */
export const tier = z
  .enum(['Platinum', 'Gold', 'Silver', 'Bronze'])
  .nullable()
  .describe('badge tier: 3+ ratings and an average of 8+');
const currentUser = z.object({
  id,
  username: z.string(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  isPaused: z.boolean(),
  role: z.enum(ROLES),
  bio: z.string().nullable(),
  emailNotices: z.boolean().describe('email copies of test-request notices'),
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
  isHidden: z.boolean(),
  createdAt: timestamp,
  hasVoted: z.boolean().describe('the viewer (user, else IP) has voted'),
  myRating: z.number().int().nullable().describe("the signed-in viewer's rating"),
  canEdit: z.boolean().describe('the viewer is the owner or an admin'),
  ownerTier: tier.describe("the author's developer badge tier"),
});

const projectDetail = project.extend({
  ratingDistribution: z.array(z.number().int()).length(10).describe('counts of ratings 1..10'),
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

const userProfile = z.object({
  user: z
    .object({
      username: z.string(),
      createdAt: timestamp,
      role: z.enum(ROLES),
      isVerified: z.boolean(),
      bio: z.string().nullable(),
      activityPoints: z.number().int(),
    })
    .extend(peerRatings.shape),
  requests: z.array(
    z.object({
      id,
      title: z.string(),
      projectTitle: z.string(),
      status: z.enum(REQUEST_STATUSES),
      as: z.enum(['owner', 'tester']),
    }),
  ),
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
const contactSent = created.extend({
  copy: z
    .enum(['sent', 'confirm'])
    .nullable()
    .describe(
      'sent: the copy goes to a confirmed address; confirm: a confirmation link went out and the copy follows once it is followed; null: no copy',
    ),
});
const emailConfirmed = z.object({ message: z.string(), confirmed: z.enum(['account', 'contactCopy']) });

/** Every named answer shape; the document lists them under components.schemas. */
export const answers = {
  CurrentUser: named('CurrentUser', currentUser),
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
export type ResponseShape = keyof typeof answers;

/** Path parameters: a numeric id (400 'Invalid id' otherwise). */
export const idParams = z.object({ id: idSchema });
/** Path parameters of the admin user routes. */
export const userIdParams = z.object({ userId: idSchema });
/** Path parameters of the admin visibility route. */
export const projectIdParams = z.object({ projectId: idSchema });
/** Path parameters of a profile. */
export const usernameParams = z.object({ username: z.string() });

/** True only when A and B are the same type. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Out<K extends ResponseShape> = z.output<(typeof answers)[K]>;
/** Compile-time only: each shape equals its domain type. */
export const shapesMatchDomainTypes: [
  Same<Out<'CurrentUser'>, CurrentUser>,
  Same<Out<'Project'>, Project>,
  Same<Out<'ProjectDetail'>, ProjectDetail>,
  Same<Out<'LeaderboardEntry'>, LeaderboardEntry>,
  Same<Out<'RatingResult'>, RatingResult>,
  Same<Out<'TopContributor'>, TopContributor>,
  Same<Out<'ViewerState'>, ViewerState>,
  Same<Out<'UserOption'>, UserOption>,
  Same<Out<'MessageView'>, MessageView>,
  Same<Out<'UnreadCount'>, UnreadCount>,
  Same<Out<'AdminUser'>, AdminUser>,
  Same<Out<'AdminReport'>, AdminReport>,
  Same<Out<'Error'>, ErrorBody>,
  Same<Out<'ContactSent'>, ContactSent>,
  Same<Out<'EmailConfirmed'>, EmailConfirmed>,
  Same<Out<'UserProfile'>['user'], UserProfile['user']>,
  Same<keyof Out<'UserProfile'>['projects'][number], keyof UserProfile['projects'][number]>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true];
