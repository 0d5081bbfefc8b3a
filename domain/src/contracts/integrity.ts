import { z } from '../zod';
import { integrityAnswers as answers } from '../answers';
import { clusterDecisionSchema, clusterListQuerySchema } from '../schemas/integrity';
import { contract } from './contract';
import { idParams } from './params';

/** Fair ranking: a project's explained score, and the admins' review of suspected vote rings. */
export const integrityContracts = {
  score: contract({
    method: 'get',
    path: '/api/projects/:id/score',
    tag: 'projects',
    summary:
      "How a visible project's rank is computed: raw and weighted votes, votes by kind, its trending score and places",
    params: idParams,
    response: answers.ProjectScore,
    errors: { 404: 'Project not found', 429: 'Too many requests from this address' },
    sharing: 'public',
  }),
  clusters: contract({
    method: 'get',
    path: '/api/admin/integrity/clusters',
    tag: 'admin',
    summary: 'Suspected vote rings of a status (open by default) with their evidence, newest first (at most 100)',
    query: clusterListQuerySchema,
    response: z.array(answers.IntegrityCluster),
  }),
  decideCluster: contract({
    method: 'patch',
    path: '/api/admin/integrity/clusters/:id',
    tag: 'admin',
    summary: "Confirm a ring (its votes stay void, its accounts are paused) or clear it (its votes' weights come back)",
    params: idParams,
    body: clusterDecisionSchema,
    response: answers.IntegrityCluster,
    errors: { 404: 'Cluster not found', 409: 'The cluster was already decided' },
  }),
};
