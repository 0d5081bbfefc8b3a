import { z } from 'zod';
import { REPORT_REASONS, REPORT_STATUSES, ROLES } from '@vitrine/domain/constants';
import { REQUEST_STATUSES } from '@vitrine/domain/testRequests';
import { testRequestShapes } from './openapi-test-requests';
import type {
  AdminReport,
  AdminUser,
  CurrentUser,
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
} from '@vitrine/domain/types';

/**
 * The JSON answers of the API as zod schemas, for the OpenAPI document only (presenters build the
 * answers; domain/src/types.ts declares them). The `Same` checks at the bottom fail the type-check
 * when a schema here and a type there drift apart.
 */

const timestamp = z.iso.datetime({ offset: true }).describe('ISO 8601 time');
const id = z.number().int().min(1);

const tier = z.enum(['Platinum', 'Gold', 'Silver', 'Bronze']).nullable().describe('badge tier: 3+ ratings and an average of 8+');
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
});
const peerRatings = z.object({
  developerRating: z.number(),
  developerRatingCount: z.number().int(),
  developerTier: tier,
  testerRating: z.number(),
  testerRatingCount: z.number().int(),
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
});

const projectDetail = project.extend({
  ratingDistribution: z.array(z.number().int()).length(10).describe('counts of ratings 1..10'),
});
const leaderboardEntry = project.extend({ rank: z.number().int().min(1) });
const ratingResult = project.extend({ updated: z.boolean().describe("true for a re-rate ('Rating updated')") });
const topContributor = z.object({ rank: z.number().int(), userId: id, username: z.string(), projectCount: z.number().int(), totalVotes: z.number().int() });

const userProfile = z.object({
  user: z
    .object({ username: z.string(), createdAt: timestamp, role: z.enum(ROLES), isVerified: z.boolean(), bio: z.string().nullable(), activityPoints: z.number().int() })
    .extend(peerRatings.shape),
  requests: z.array(
    z.object({ id, title: z.string(), projectTitle: z.string(), status: z.enum(REQUEST_STATUSES), as: z.enum(['owner', 'tester']) }),
  ),
  projects: z.array(
    project.pick({ id: true, title: true, description: true, category: true, tags: true, votes: true, views: true, createdAt: true, averageRating: true, totalRatings: true, isHidden: true }),
  ),
});
const userOption = z.object({ id, username: z.string() });

const messageView = z.object({
  id,
  subject: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: timestamp,
  senderUserId: id.nullable(),
  senderUsername: z.string().nullable(),
  senderName: z.string().nullable(),
  senderEmail: z.string().nullable().describe('shown to admins and to the sender only'),
  recipientUserId: id.nullable().describe('null: addressed to the administrators'),
  recipientUsername: z.string().nullable(),
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

/** Every named answer shape; the document lists them under components.schemas. */
export const responseShapes = {
  CurrentUser: currentUser,
  Project: project,
  ProjectDetail: projectDetail,
  LeaderboardEntry: leaderboardEntry,
  RatingResult: ratingResult,
  TopContributor: topContributor,
  UserProfile: userProfile,
  UserOption: userOption,
  MessageView: messageView,
  UnreadCount: unreadCount,
  AdminUser: adminUser,
  AdminReport: adminReport,
  Error: errorBody,
  Created: created.describe("a stored message or report: the confirmation text and the new row's id"),
  Views: z.object({ views: z.number().int() }),
  ...testRequestShapes,
  Health: z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'down']), redis: z.enum(['ok', 'down']) }),
} as const;
export type ResponseShape = keyof typeof responseShapes;

/** True only when A and B are the same type. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Out<K extends ResponseShape> = z.output<(typeof responseShapes)[K]>;
/** Compile-time only: each shape equals its domain type. */
export const shapesMatchDomainTypes: [
  Same<Out<'CurrentUser'>, CurrentUser>,
  Same<Out<'Project'>, Project>,
  Same<Out<'ProjectDetail'>, ProjectDetail>,
  Same<Out<'LeaderboardEntry'>, LeaderboardEntry>,
  Same<Out<'RatingResult'>, RatingResult>,
  Same<Out<'TopContributor'>, TopContributor>,
  Same<Out<'UserOption'>, UserOption>,
  Same<Out<'MessageView'>, MessageView>,
  Same<Out<'UnreadCount'>, UnreadCount>,
  Same<Out<'AdminUser'>, AdminUser>,
  Same<Out<'AdminReport'>, AdminReport>,
  Same<Out<'Error'>, ErrorBody>,
  Same<Out<'UserProfile'>['user'], UserProfile['user']>,
  Same<keyof Out<'UserProfile'>['projects'][number], keyof UserProfile['projects'][number]>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true];
