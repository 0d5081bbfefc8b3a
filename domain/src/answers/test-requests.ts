import { z } from '../zod';
import { REQUEST_STATUSES } from '../test-requests';
import { named, rowId as id, tier, timestamp } from './named';
import { peerRatings } from './site';

/** The answers of the test-request calls (presenters build them: api/src/presenters/test-request.ts). */

const testRequest = z.object({
  id,
  projectId: id,
  projectTitle: z.string(),
  projectCategory: z.string(),
  ownerId: id,
  ownerUsername: z.string(),
  ownerRating: z.number(),
  ownerRatingCount: z.number().int(),
  ownerTier: tier,
  title: z.string(),
  description: z.string(),
  status: z.enum(REQUEST_STATUSES),
  skillsNeeded: z.array(z.string()),
  deadline: timestamp.nullable(),
  maxTesters: z.number().int().min(1).max(50),
  testerCount: z.number().int(),
  feedbackCount: z.number().int(),
  isHidden: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
  viewer: z.object({ isOwner: z.boolean(), joined: z.boolean(), canJoin: z.boolean() }),
});
const tester = z.object({
  userId: id,
  username: z.string(),
  testerRating: z.number(),
  testerRatingCount: z.number().int(),
  testerTier: tier,
  joinedAt: timestamp,
});
const feedback = z.object({
  id,
  testerId: id,
  testerUsername: z.string(),
  worked: z.string(),
  problems: z.string(),
  suggestions: z.string(),
  score: z.number().int().min(1).max(10),
  isHelpful: z.boolean(),
  helpfulCount: z.number().int(),
  createdAt: timestamp,
  updatedAt: timestamp,
  addressedBy: z
    .object({ id, projectId: id, title: z.string() })
    .nullable()
    .describe("the newest of the project's updates naming it as addressed, or null"),
});
const givenRating = z.object({
  id,
  ratedUserId: id,
  rating: z.number().int().min(1).max(10),
  feedback: z.string().nullable(),
  editableUntil: timestamp,
});
const testRequestDetail = testRequest.extend({
  testers: z.array(tester),
  feedback: z.array(feedback).nullable().describe('owner, testers and admins only; null for others'),
  myFeedback: feedback.nullable(),
  myRatings: z.array(givenRating),
  rateable: z.array(z.object({ userId: id, username: z.string(), ratingType: z.enum(['developer', 'tester']) })),
});
const userRating = z.object({
  id,
  raterUsername: z.string(),
  rating: z.number().int(),
  ratingType: z.enum(['developer', 'tester']),
  feedback: z.string().nullable(),
  requestId: id.nullable(),
  requestTitle: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
const userRatingsAnswer = peerRatings.extend({ ratings: z.array(userRating) });
const userRatingResult = z.object({ rating: givenRating, updated: z.boolean() });

/** The answers of the test-request calls, named as the document lists them. */
export const testRequestAnswers = {
  TestRequest: named('TestRequest', testRequest),
  TestRequestDetail: named('TestRequestDetail', testRequestDetail),
  ProjectTestRequest: named('ProjectTestRequest', z.object({ request: testRequest.nullable() })),
  UserRatingsAnswer: named('UserRatingsAnswer', userRatingsAnswer),
  UserRatingResult: named('UserRatingResult', userRatingResult),
  HelpfulCount: named('HelpfulCount', z.object({ helpfulCount: z.number().int() })),
  RequestVisibility: named('RequestVisibility', z.object({ id, hidden: z.boolean() })),
} as const;

/** A test request as /test-requests lists it, with what the viewer may do. */
export type TestRequestView = z.output<typeof testRequest>;
/** A tester of a request, with their tester rating. */
export type TesterView = z.output<typeof tester>;
/** A tester's structured feedback. */
export type FeedbackView = z.output<typeof feedback>;
/** A rating the viewer gave in a request, and until when it can be changed. */
export type GivenRating = z.output<typeof givenRating>;
/** GET /api/test-requests/{id}: the request, its testers and (for participants and admins) the feedback. */
export type TestRequestDetail = z.output<typeof testRequestDetail>;
/** One rating a user received, as their profile lists it. */
export type UserRatingView = z.output<typeof userRating>;
/** GET /api/users/{username}/ratings */
export type UserRatingsAnswer = z.output<typeof userRatingsAnswer>;
/** POST /api/test-requests/{id}/ratings answer. */
export type UserRatingResult = z.output<typeof userRatingResult>;
