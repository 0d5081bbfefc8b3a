import { adminContracts } from '@vitrine/domain/contracts/admin';
import { makeMessageQueries } from '@vitrine/db/queries/messages';
import { makeModerationQueries } from '@vitrine/db/queries/moderation';
import { mapPage } from '@vitrine/domain/schemas/paging';
import { route, type Route } from '../contracts/route';
import { directMessageSender } from '../commands/direct-message-sender';
import { messageReplier } from '../commands/message-replier';
import { adminStatusSetter } from '../commands/admin-status-setter';
import { pauseStatusSetter } from '../commands/pause-status-setter';
import { userDeleter } from '../commands/user-deleter';
import { projectRemover } from '../commands/project-remover';
import { projectVisibilitySetter } from '../commands/project-visibility-setter';
import { reportUpdater } from '../commands/report-updater';
import { reportDeleter } from '../commands/report-deleter';
import { loadReadableProject, viewerOf } from '../loaders';
import { presentAdminReport, presentAdminUser } from '../presenters/admin';
import { presentMessage } from '../presenters/message';
import { presentProject } from '../presenters/project';
import { messageAnswer } from './messages';

/**
 * /api/admin: the admin dashboard's messages, users, projects and reports. Every route answers 401 to
 * visitors and 403 to members (access admin); writes also refuse a paused account (activeAdmin).
 */
export const adminRoutes: Route[] = [
  // Messages
  route(adminContracts.messages, { access: 'admin' }, async (call) =>
    mapPage(await makeMessageQueries(call.deps.sql).listAll(call.query), (row) => presentMessage(row, call.user)),
  ),
  route(
    adminContracts.sendMessage,
    {
      access: 'activeAdmin',
      limit: 'adminMessage',
    },
    async (call) => messageAnswer(call, await directMessageSender(call, call.body)),
  ),
  route(
    adminContracts.reply,
    {
      access: 'activeAdmin',
      limit: 'adminMessage',
    },
    async (call) => messageAnswer(call, await messageReplier(call, { messageId: call.params.id, ...call.body })),
  ),

  // Users
  route(adminContracts.users, { access: 'admin' }, async (call) =>
    mapPage(await makeModerationQueries(call.deps.sql).listUsers(call.query.q, call.query), presentAdminUser),
  ),
  route(adminContracts.setAdmin, { access: 'activeAdmin' }, async (call) =>
    presentAdminUser(await adminStatusSetter(call, { userId: call.params.userId, isAdmin: call.body.isAdmin })),
  ),
  route(adminContracts.setPaused, { access: 'activeAdmin' }, async (call) =>
    presentAdminUser(await pauseStatusSetter(call, { userId: call.params.userId, ...call.body })),
  ),
  route(adminContracts.removeUser, { access: 'activeAdmin' }, async (call) =>
    userDeleter(call, { userId: call.params.userId, reason: call.body.reason }),
  ),

  // Projects (its own list: GET /api/projects leaves hidden ones out)
  route(adminContracts.projects, { access: 'admin' }, async (call) =>
    mapPage(
      await makeModerationQueries(call.deps.sql).listAllProjects(viewerOf(call), { q: call.query.q }, call.query),
      (row) => presentProject(row, call.user),
    ),
  ),
  route(adminContracts.removeProject, { access: 'activeAdmin' }, async (call) =>
    projectRemover(call, { projectId: call.params.id, reason: call.body.reason }),
  ),
  route(adminContracts.setProjectVisibility, { access: 'activeAdmin' }, async (call) => {
    await projectVisibilitySetter(call, { projectId: call.params.projectId, ...call.body });
    return presentProject(await loadReadableProject(call, call.params.projectId), call.user);
  }),

  // Reports
  route(adminContracts.reports, { access: 'admin' }, async (call) =>
    mapPage(await makeModerationQueries(call.deps.sql).listReports(call.query.status, call.query), presentAdminReport),
  ),
  route(adminContracts.updateReport, { access: 'activeAdmin' }, async (call) =>
    presentAdminReport(await reportUpdater(call, { id: call.params.id, ...call.body })),
  ),
  route(adminContracts.removeReport, { access: 'activeAdmin' }, async (call) =>
    reportDeleter(call, { id: call.params.id }),
  ),
];
