import { makeTestRequestQueries } from '@vitrine/db/queries/test-requests';
import { makeTestRequestTesterQueries } from '@vitrine/db/queries/test-request-testers';
import {
  makeUserRatingQueries,
  TIER_STANDING,
  type GivenRatingRow,
  type RatingType,
} from '@vitrine/db/queries/user-ratings';
import { makeUserSettingsQueries } from '@vitrine/db/queries/user-settings';
import type { UserRatingInput } from '@vitrine/domain/schemas/test-request';
import type { MemberCaller } from '../context';
import { networkKey } from '../client-address';
import { commit } from './commit';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { ratingEditableUntil } from '@vitrine/domain/test-requests';
import { requestProjectReadable, TEST_REQUEST_NOT_FOUND } from '../test-request-loaders';

/** Refusals of a peer rating, word for word in the API tests. */
export const USER_RATING_MESSAGES = {
  self: 'You cannot rate yourself',
  notCompleted: 'Ratings open once the test request is completed',
  notParticipants: 'Only the owner and the testers of a completed test request rate each other',
  editWindow: 'A rating can only be changed within 7 days of giving it',
} as const;

/**
 * Which rating `raterId` gives `ratedId` in a request owned by `ownerId` with `testerIds`: the owner
 * rates a tester (tester rating), a tester rates the owner (developer rating); anything else is null.
 */
function ratingTypeFor(ownerId: number, testerIds: number[], raterId: number, ratedId: number): RatingType | null {
  if (raterId === ownerId && testerIds.includes(ratedId)) return 'tester';
  if (ratedId === ownerId && testerIds.includes(raterId)) return 'developer';
  return null;
}

/**
 * A participant of a completed request rates another, once per pair per request, editable for 7 days.
 * With the request and the rated user's row locked, the rating and the rated user's recomputed
 * developerRating / testerRating and counts, and the tier aggregates (raters with standing, one per
 * network: the rater's network is kept with the rating), commit together with userRating.saved.
 */
export async function userRatingSaver(
  caller: MemberCaller,
  input: { requestId: number; rating: UserRatingInput },
): Promise<{ rating: GivenRatingRow; updated: boolean }> {
  const { user } = caller;
  const { ratedUserId, rating, feedback } = input.rating;
  if (ratedUserId === user.id) throw badRequest(USER_RATING_MESSAGES.self);
  return commit(caller, async (tx, emit) => {
    const request = await makeTestRequestQueries(tx).lockRequest(input.requestId);
    if (!request || !requestProjectReadable(user, request)) throw notFound(TEST_REQUEST_NOT_FOUND);
    const testerIds = await makeTestRequestTesterQueries(tx).testerIds(request.id);
    const type = ratingTypeFor(request.userId, testerIds, user.id, ratedUserId);
    if (type === null) throw forbidden(USER_RATING_MESSAGES.notParticipants);
    if (request.status !== 'completed') throw conflict(USER_RATING_MESSAGES.notCompleted);
    await makeUserSettingsQueries(tx).lockUsers([ratedUserId]);
    const ratings = makeUserRatingQueries(tx);
    const earlier = await ratings.lockPairRating(request.id, user.id, ratedUserId);
    if (earlier && ratingEditableUntil(earlier.createdAt).getTime() < Date.now())
      throw conflict(USER_RATING_MESSAGES.editWindow);
    const raterNetwork = networkKey(caller.ip);
    const saved = earlier
      ? await ratings.updateRating(earlier.id, rating, feedback, raterNetwork)
      : await ratings.insertRating({
          requestId: request.id,
          projectId: request.projectId,
          raterId: user.id,
          ratedId: ratedUserId,
          rating,
          ratingType: type,
          feedback,
          raterNetwork,
        });
    await ratings.refreshAggregates(ratedUserId, TIER_STANDING);
    emit({ name: 'userRating.saved', ratingId: saved.id, requestId: request.id, ratedUserId, raterUserId: user.id });
    return { rating: saved, updated: Boolean(earlier) };
  });
}
