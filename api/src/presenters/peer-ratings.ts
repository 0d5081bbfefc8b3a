import { badgeTier } from '@vitrine/domain/display';
import type { PeerRatings } from '@vitrine/domain/answers';
import type { PeerRatingColumns } from '@vitrine/db/queries/users';

/**
 * A user's two peer ratings with tiers, from the numeric(5,2) strings of the users row. The averages
 * shown are of every rating; a tier comes from the ratings that count toward it (raters with standing,
 * one per network: db/src/queries/user-ratings.ts refreshAggregates), and says how many those are.
 */
export function presentPeerRatings(row: PeerRatingColumns): PeerRatings {
  return {
    developerRating: Number(row.developerRating),
    developerRatingCount: row.developerRatingCount,
    developerTierCount: row.developerTierCount,
    developerTier: badgeTier(Number(row.developerTierRating), row.developerTierCount),
    testerRating: Number(row.testerRating),
    testerRatingCount: row.testerRatingCount,
    testerTierCount: row.testerTierCount,
    testerTier: badgeTier(Number(row.testerTierRating), row.testerTierCount),
  };
}
