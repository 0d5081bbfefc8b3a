import { z } from 'zod';
import {
  feedbackSchema,
  settingsSchema,
  testRequestCreateSchema,
  testRequestUpdateSchema,
  userRatingSchema,
} from '@vitrine/domain/schemas/test-request';
import { REQUEST_STATUSES } from '@vitrine/domain/test-requests';
import type {
  FeedbackView,
  GivenRating,
  TestRequestDetail,
  TestRequestView,
  TesterView,
  UserRatingResult,
  UserRatingsAnswer,
} from '@vitrine/domain/types';

import { named, peerRatings, tier } from './answers';

/** Answer shapes of the test-request calls, for the OpenAPI document (presenters build the answers). */
const timestamp = z.iso.datetime({ offset: true }).describe('ISO 8601 time');
const id = z.number().int().min(1);

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
const userRatingsAnswer = peerRatings.extend({
  ratings: z.array(
    z.object({
      id,
      raterUsername: z.string(),
      rating: z.number().int(),
      ratingType: z.enum(['developer', 'tester']),
      feedback: z.string().nullable(),
      requestId: id.nullable(),
      requestTitle: z.string().nullable(),
      createdAt: timestamp,
      updatedAt: timestamp,
    }),
  ),
});
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

/** The inputs of the test-request calls, named. */
export const testRequestInputs = {
  TestRequestCreateInput: named('TestRequestCreateInput', testRequestCreateSchema),
  TestRequestUpdateInput: named('TestRequestUpdateInput', testRequestUpdateSchema),
  FeedbackInput: named('FeedbackInput', feedbackSchema),
  UserRatingInput: named('UserRatingInput', userRatingSchema),
  SettingsInput: named('SettingsInput', settingsSchema),
};

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compile-time only: each shape equals its domain type. */
export const testRequestShapesMatch: [
  Same<z.output<typeof testRequest>, TestRequestView>,
  Same<z.output<typeof tester>, TesterView>,
  Same<z.output<typeof feedback>, FeedbackView>,
  Same<z.output<typeof givenRating>, GivenRating>,
  Same<z.output<typeof testRequestDetail>, TestRequestDetail>,
  Same<z.output<typeof userRatingsAnswer>, UserRatingsAnswer>,
  Same<z.output<typeof userRatingResult>, UserRatingResult>,
] = [true, true, true, true, true, true, true];
