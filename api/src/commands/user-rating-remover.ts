import { recordModeration } from '@vitrine/db/queries/moderation-log';
import { makeUserRatingQueries, TIER_STANDING } from '@vitrine/db/queries/user-ratings';
import type { MemberCaller } from '../context';
import { commit } from './commit';
import { notFound } from '../errors';

/** The 404 of a rating that is gone. */
const USER_RATING_NOT_FOUND = 'Rating not found';

/**
 * An admin removes an abusive peer rating; the rated user's aggregates are recomputed from the
 * remaining rows in the same transaction, with userRating.removed; the moderation is logged with its
 * public reason.
 */
export async function userRatingRemover(
  caller: MemberCaller,
  input: { ratingId: number; reason?: string },
): Promise<void> {
  await commit(caller, async (tx, emit) => {
    const ratings = makeUserRatingQueries(tx);
    const gone = await ratings.deleteRating(input.ratingId);
    if (!gone) throw notFound(USER_RATING_NOT_FOUND);
    await ratings.refreshAggregates(gone.ratedUserId, TIER_STANDING);
    emit({ name: 'userRating.removed', ratingId: input.ratingId, ratedUserId: gone.ratedUserId });
    await recordModeration(tx, {
      action: 'rating.removed',
      subject: { id: input.ratingId, userId: gone.ratedUserId },
      reason: input.reason,
      actorId: caller.user.id,
    });
  });
}
