import { statsContracts } from '@vitrine/domain/contracts/stats';
import { makeProjectStatsQueries } from '@vitrine/db/queries/project-stats';
import { route, type Route } from '../contracts/route';
import { loadProjectAccess } from '../loaders';
import { authorize } from '../policies';
import { presentProjectStats, windowDays } from '../presenters/stats';

/**
 * The owner's Stats tab: a project's daily rows of the window (one primary-key range of at most 90
 * rows, folded by the worker's fold-stats job), private to its owner and admins.
 */
export const statsRoutes: Route[] = [
  route(statsContracts.projectStats, { access: 'member' }, async (call) => {
    const project = await loadProjectAccess(call, call.params.id);
    authorize(call.user, 'project.seeStats', project);
    const days = windowDays(new Date(), call.query.days);
    const rows = await makeProjectStatsQueries(call.deps.sql).listDays(project.id, days[0]!, days.at(-1)!);
    return presentProjectStats(days, rows);
  }),
];
