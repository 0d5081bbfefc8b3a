import { makeImpressionQueries } from '@vitrine/db/queries/impressions';
import { makeIntegrityQueries, type ClusterRow } from '@vitrine/db/queries/integrity';
import { recordModeration } from '@vitrine/db/queries/moderation-log';
import { lockBoardsForDeletion } from '@vitrine/db/queries/rankings';
import { reweighTallies } from '@vitrine/db/queries/tallies';
import { makeUserQueries } from '@vitrine/db/queries/users';
import { makeVoteQueries } from '@vitrine/db/queries/votes';
import type { ClusterDecision } from '@vitrine/domain/schemas/integrity';
import type { MemberCaller } from '../context';
import { conflict, notFound } from '../errors';
import { commit } from './commit';
import { changeRaterStanding } from './rater-standing';

export const CLUSTER_NOT_FOUND = 'Cluster not found';
export const CLUSTER_DECIDED = 'This cluster was already decided';

/**
 * An admin's decision on an open ring cluster, with its reason (kept with the cluster). Confirmed:
 * its votes stay at weight 0 and its accounts are paused (user.updated each: their sockets leave the
 * private rooms). Cleared: its votes get the weight of their evidence back (its impressions count again), the projects' weighted
 * counters and the tallies follow in the same transaction. Every board lock is taken first (the
 * tallies must hold still); integrity.clusterDecided has the boards recomputed. 404 for no such
 * cluster, 409 for one already decided. A confirmation is logged publicly with its reason.
 */
export async function clusterDecider(
  caller: MemberCaller,
  input: { clusterId: number } & ClusterDecision,
): Promise<ClusterRow> {
  return commit(caller, async (tx, emit) => {
    await lockBoardsForDeletion(tx);
    const clusters = makeIntegrityQueries(tx);
    const cluster = await clusters.lockCluster(input.clusterId);
    if (!cluster) throw notFound(CLUSTER_NOT_FOUND);
    if (cluster.status !== 'open') throw conflict(CLUSTER_DECIDED);
    if (input.status === 'cleared') {
      await reweighTallies(tx, await makeVoteQueries(tx).releaseVotes(cluster.id));
      await makeImpressionQueries(tx).releaseImpressions(cluster.id);
    } else {
      const users = makeUserQueries(tx);
      // The ring's accounts lose their standing: the tiers their peer ratings gave are recomputed.
      await changeRaterStanding(tx, emit, cluster.evidence.accountIds, async () => {
        for (const userId of cluster.evidence.accountIds) {
          if (await users.setPaused(userId, true)) emit({ name: 'user.updated', userId });
        }
      });
    }
    const reason = input.reason.trim();
    await clusters.decide(cluster.id, input.status, reason, caller.user.id);
    // A confirmed ring is a public decision; a cleared one punished nobody and stays private.
    if (input.status === 'confirmed')
      await recordModeration(tx, {
        action: 'ring.confirmed',
        subject: { id: cluster.id, title: cluster.evidence.summary },
        reason,
        actorId: caller.user.id,
      });
    emit({ name: 'integrity.clusterDecided', clusterId: cluster.id, status: input.status });
    return { ...cluster, status: input.status, reason, reviewedAt: new Date() };
  });
}
