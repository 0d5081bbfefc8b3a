import { livenessAnswers } from '../answers';
import { contract } from './contract';
import { idParams } from './params';

/** /api/projects/{id}/health: the live-or-down checks of a project's hosted address (domain/src/liveness.ts). */
export const projectHealthContracts = {
  history: contract({
    method: 'get',
    path: '/api/projects/:id/health',
    tag: 'projects',
    summary: "A project's health and its checks of the last 30 days, oldest first (hidden: owner and admins only)",
    params: idParams,
    response: livenessAnswers.ProjectHealthHistory,
  }),
  checkNow: contract({
    method: 'post',
    path: '/api/projects/:id/health/check',
    tag: 'projects',
    summary: 'The owner (or an admin) asks for a check now, once per 5 minutes; the worker checks shortly',
    params: idParams,
    response: livenessAnswers.CheckQueued,
    status: 202,
    errors: {
      403: 'Not the owner, or paused',
      409: 'The checks are off on this site',
      429: 'A check was asked for less than 5 minutes ago',
    },
  }),
};
