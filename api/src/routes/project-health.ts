import { projectHealthContracts } from '@vitrine/domain/contracts/project-health';
import { makeProjectHealthQueries } from '@vitrine/db/queries/project-health';
import { route, type Route } from '../contracts/route';
import { loadProjectAccess } from '../loaders';
import { authorize } from '../policies';
import { presentHealthHistory } from '../presenters/health';
import { checkRequester } from '../commands/check-requester';

/** /api/projects/{id}/health: a project's live-or-down history, and the owner's "check now". */
export const projectHealthRoutes: Route[] = [
  route(projectHealthContracts.history, { access: 'anyone', limit: 'healthHistory' }, async (call) => {
    const project = await loadProjectAccess(call, call.params.id);
    const health = makeProjectHealthQueries(call.deps.sql);
    return presentHealthHistory(await health.findHealth(project.id), await health.listChecks(project.id));
  }),
  route(projectHealthContracts.checkNow, { access: 'active' }, async (call) => {
    const project = await loadProjectAccess(call, call.params.id);
    authorize(call.user, 'project.edit', project);
    await checkRequester(call, { projectId: project.id });
    return { message: 'Check queued' };
  }),
];
