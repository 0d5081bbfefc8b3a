import { DEFAULT_TRENDING_PERIOD } from '@vitrine/domain/constants';
import { integrityContracts } from '@vitrine/domain/contracts/integrity';
import { makeIntegrityQueries } from '@vitrine/db/queries/integrity';
import { projectScore } from '@vitrine/db/queries/project-score';
import { STALE } from '@vitrine/runtime/stale-reads';
import { route, type Route } from '../contracts/route';
import { clusterDecider } from '../commands/cluster-decider';
import { notFound } from '../errors';
import { PROJECT_NOT_FOUND } from '../loaders';
import { presentCluster, presentProjectScore } from '../presenters/integrity';

/** Clusters the Integrity tab lists per status, at most. */
const CLUSTER_LIST_LIMIT = 50;

/**
 * Fair ranking: a visible project's explained score (shared by every visitor like its page: a vote
 * or a board swap makes it stale) and the admins' review of suspected vote rings.
 */
export const integrityRoutes: Route[] = [
  route(
    integrityContracts.score,
    { access: 'anyone', limit: 'score', staleOn: (_score, { params }) => [STALE.project(params.id), STALE.boards] },
    async (call) => {
      const row = await projectScore(call.deps.sql, call.params.id, DEFAULT_TRENDING_PERIOD, new Date());
      if (!row) throw notFound(PROJECT_NOT_FOUND);
      return presentProjectScore(row);
    },
  ),
  route(integrityContracts.clusters, { access: 'admin' }, async (call) => {
    const clusters = makeIntegrityQueries(call.deps.sql);
    const rows = await clusters.listClusters(call.query.status, CLUSTER_LIST_LIMIT);
    return Promise.all(rows.map(async (row) => presentCluster(row, await clusters.evidenceOf(row))));
  }),
  route(integrityContracts.decideCluster, { access: 'activeAdmin', limit: 'moderation' }, async (call) => {
    const row = await clusterDecider(call, { clusterId: call.params.id, ...call.body });
    return presentCluster(row, await makeIntegrityQueries(call.deps.sql).evidenceOf(row));
  }),
];
