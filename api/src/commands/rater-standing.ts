import type { TransactionSql } from 'postgres';
import { refreshTiersAround } from '@vitrine/db/queries/user-ratings';
import type { Emit } from './commit';

/**
 * Every change of raters' standing goes through here, inside the caller's transaction: an admin's
 * delete and a member's own (removeUser), a pause and an unpause (pauseStatusSetter), the accounts of a
 * confirmed ring (clusterDecider). Runs `change` and recomputes the tier aggregates of everyone the
 * raters rated (db/src/queries/user-ratings.ts refreshTiersAround), with userRating.tiersRefreshed when
 * there were any, so the shared reads showing their tiers go stale.
 */
export async function changeRaterStanding<T>(
  tx: TransactionSql,
  emit: Emit,
  raterIds: number[],
  change: () => Promise<T>,
): Promise<T> {
  const { result, ratedUserIds } = await refreshTiersAround(tx, raterIds, change);
  if (ratedUserIds.length > 0) emit({ name: 'userRating.tiersRefreshed', ratedUserIds });
  return result;
}
