import type { FeedbackRow } from '@vitrine/db/queries/test-feedback';
import type { TestRequestRow } from '@vitrine/db/queries/test-requests';
import type { TesterRow } from '@vitrine/db/queries/test-request-testers';
import type { GivenRatingRow, UserRatingRow } from '@vitrine/db/queries/user-ratings';
import type { UserRow } from '@vitrine/db/queries/users';
import { badgeTier } from '@vitrine/domain/display';
import { canTest, joiningOpen, ratingEditableUntil } from '@vitrine/domain/test-requests';
import type { FeedbackView, GivenRating, TestRequestView, TesterView, UserRatingView } from '@vitrine/domain/answers';

/** A request as the lists show it, with what `viewer` may do. */
export function presentTestRequest(row: TestRequestRow, viewer: UserRow | null, now = new Date()): TestRequestView {
  const ownerRating = Number(row.ownerRating);
  const isOwner = viewer?.id === row.userId;
  const canJoin =
    viewer !== null &&
    !viewer.isPaused &&
    !isOwner &&
    !row.joined &&
    canTest(viewer.role) &&
    row.testerCount < row.maxTesters &&
    joiningOpen(row, now);
  return {
    id: row.id,
    projectId: row.projectId,
    projectTitle: row.projectTitle,
    projectCategory: row.projectCategory,
    ownerId: row.userId,
    ownerUsername: row.ownerUsername,
    ownerRating,
    ownerRatingCount: row.ownerRatingCount,
    ownerTier: badgeTier(Number(row.ownerTierRating), row.ownerTierCount),
    title: row.title,
    description: row.description,
    status: row.status,
    skillsNeeded: row.skillsNeeded,
    deadline: row.deadline ? row.deadline.toISOString() : null,
    maxTesters: row.maxTesters,
    testerCount: row.testerCount,
    feedbackCount: row.feedbackCount,
    isHidden: row.isHidden,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    viewer: { isOwner, joined: row.joined, canJoin },
  };
}

/** A tester with their tester rating and tier. */
export function presentTester(row: TesterRow): TesterView {
  const rating = Number(row.testerRating);
  return {
    userId: row.userId,
    username: row.username,
    testerRating: rating,
    testerRatingCount: row.testerRatingCount,
    testerTier: badgeTier(Number(row.testerTierRating), row.testerTierCount),
    joinedAt: row.joinedAt.toISOString(),
  };
}

/** A tester's feedback. */
export function presentFeedback(row: FeedbackRow): FeedbackView {
  return {
    id: row.id,
    testerId: row.testerId,
    testerUsername: row.testerUsername,
    worked: row.worked,
    problems: row.problems,
    suggestions: row.suggestions,
    score: row.score,
    isHelpful: row.isHelpful,
    helpfulCount: row.helpfulCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    addressedBy: row.addressedBy,
  };
}

/** A rating the viewer gave. */
export function presentGivenRating(row: GivenRatingRow): GivenRating {
  return {
    id: row.id,
    ratedUserId: row.ratedUserId,
    rating: row.rating,
    feedback: row.feedback,
    editableUntil: ratingEditableUntil(row.createdAt).toISOString(),
  };
}

/** A rating a user received (the rater's name, never their id or email). */
export function presentUserRating(row: UserRatingRow): UserRatingView {
  return {
    id: row.id,
    raterUsername: row.raterUsername,
    rating: row.rating,
    ratingType: row.ratingType,
    feedback: row.feedback,
    requestId: row.requestId,
    requestTitle: row.requestTitle,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
