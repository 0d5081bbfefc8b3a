import { makeEventQueries } from '@vitrine/db/queries/events';
import { makeUserRatingQueries } from '@vitrine/db/queries/userRatings';
import type { AppContext } from '../context';
import { notFound } from '../errors';

/** The 404 of a rating that is gone. */
export const USER_RATING_NOT_FOUND = 'Rating not found';

/**
 * An admin removes an abusive peer rating; the rated user's aggregates are recomputed from the
 * remaining rows in the same transaction, with userRating.removed.
 */
export async function userRatingRemover(ctx: AppContext, input: { ratingId: number }): Promise<void> {
  const events = await ctx.deps.sql.begin(async (tx) => {
    const ratings = makeUserRatingQueries(tx);
    const gone = await ratings.deleteRating(input.ratingId);
    if (!gone) throw notFound(USER_RATING_NOT_FOUND);
    await ratings.refreshAggregates(gone.ratedUserId);
    return makeEventQueries(tx).recordEvents([{ name: 'userRating.removed', ratingId: input.ratingId, ratedUserId: gone.ratedUserId }]);
  });
  await ctx.deps.publisher.publish(events);
}
