import { badgeTier } from '@vitrine/domain/display';
import type { PeerRatings } from '@vitrine/domain/types';

/** A user's two peer ratings with tiers, from the numeric(5,2) strings of the users row. */
export function presentPeerRatings(row: {
  developerRating: string;
  developerRatingCount: number;
  testerRating: string;
  testerRatingCount: number;
}): PeerRatings {
  const developerRating = Number(row.developerRating);
  const testerRating = Number(row.testerRating);
  return {
    developerRating,
    developerRatingCount: row.developerRatingCount,
    developerTier: badgeTier(developerRating, row.developerRatingCount),
    testerRating,
    testerRatingCount: row.testerRatingCount,
    testerTier: badgeTier(testerRating, row.testerRatingCount),
  };
}
