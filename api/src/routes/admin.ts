import { z } from 'zod';
import { makeMessageQueries } from '@vitrine/db/queries/messages';
import { ADMIN_PROJECT_LIMIT, makeModerationQueries } from '@vitrine/db/queries/moderation';
import { newestFirstPageSchema, pageLimitSchema } from '@vitrine/domain/schemas/paging';
import {
  adminSearchQuerySchema,
  adminToggleSchema,
  pauseToggleSchema,
  visibilitySchema,
} from '@vitrine/domain/schemas/admin';
import { replySchema } from '@vitrine/domain/schemas/message';
import { reportListQuerySchema, reportUpdateSchema } from '@vitrine/domain/schemas/report';
import { answers, idParams, named, projectIdParams, userIdParams } from '../contracts/answers';
import { pageAnswer } from '../contracts/paging';
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
import { directMessageInput, messageAnswer } from './messages';

/** GET /api/admin/projects: a search and a page of ADMIN_PROJECT_LIMIT (100) projects. */
const adminProjectsQuerySchema = adminSearchQuerySchema.extend({
  ...newestFirstPageSchema.shape,
  limit: pageLimitSchema(ADMIN_PROJECT_LIMIT),
});

/**
 * /api/admin: the admin dashboard's messages, users, projects and reports. Every route answers 401 to
 * visitors and 403 to members (access admin); writes also refuse a paused account (activeAdmin).
 */
export const adminRoutes: Route[] = [
  // Messages
  route(
    {
      method: 'get',
      path: '/api/admin/messages',
      tag: 'admin',
      summary: 'Every message, newest first, a page at a time (Link rel="next")',
      access: 'admin',
      query: newestFirstPageSchema,
      response: z.array(answers.MessageView),
    },
    async (call) =>
      pageAnswer(call.koa, await makeMessageQueries(call.deps.sql).listAll(call.query), (row) =>
        presentMessage(row, call.user),
      ),
  ),
  route(
    {
      method: 'post',
      path: '/api/admin/messages',
      tag: 'admin',
      summary: 'Admin composer: a message to a user',
      access: 'activeAdmin',
      limit: 'adminMessage',
      body: directMessageInput,
      status: 201,
      response: answers.MessageView,
      errors: { 404: 'User not found' },
    },
    async (call) => messageAnswer(call, await directMessageSender(call, call.body)),
  ),
  route(
    {
      method: 'post',
      path: '/api/admin/messages/:id/reply',
      tag: 'admin',
      summary: "Reply to a message's sender account",
      access: 'activeAdmin',
      limit: 'adminMessage',
      params: idParams,
      body: named('ReplyInput', replySchema),
      status: 201,
      response: answers.MessageView,
      errors: { 400: 'Invalid input, or the message has no sender account', 404: 'Message not found' },
    },
    async (call) => messageAnswer(call, await messageReplier(call, { messageId: call.params.id, ...call.body })),
  ),

  // Users
  route(
    {
      method: 'get',
      path: '/api/admin/users',
      tag: 'admin',
      summary: 'Every user, newest first, a page at a time (Link rel="next"); q searches username and email',
      access: 'admin',
      query: adminSearchQuerySchema.extend(newestFirstPageSchema.shape),
      response: z.array(answers.AdminUser),
    },
    async (call) =>
      pageAnswer(
        call.koa,
        await makeModerationQueries(call.deps.sql).listUsers(call.query.q, call.query),
        presentAdminUser,
      ),
  ),
  route(
    {
      method: 'patch',
      path: '/api/admin/users/:userId/admin',
      tag: 'admin',
      summary: "Grant or remove admin (never one's own)",
      access: 'activeAdmin',
      params: userIdParams,
      body: named('AdminToggleInput', adminToggleSchema),
      response: answers.AdminUser,
      errors: { 400: 'You cannot change your own admin status', 404: 'User not found' },
    },
    async (call) =>
      presentAdminUser(await adminStatusSetter(call, { userId: call.params.userId, isAdmin: call.body.isAdmin })),
  ),
  route(
    {
      method: 'patch',
      path: '/api/admin/users/:userId/pause',
      tag: 'admin',
      summary: 'Pause or unpause a user (admins cannot be paused)',
      access: 'activeAdmin',
      params: userIdParams,
      body: named('PauseToggleInput', pauseToggleSchema),
      response: answers.AdminUser,
      errors: { 400: 'Admins cannot be paused', 404: 'User not found' },
    },
    async (call) =>
      presentAdminUser(await pauseStatusSetter(call, { userId: call.params.userId, isPaused: call.body.isPaused })),
  ),
  route(
    {
      method: 'delete',
      path: '/api/admin/users/:userId',
      tag: 'admin',
      summary: 'Delete a user and all of their projects',
      access: 'activeAdmin',
      params: userIdParams,
      status: 204,
      response: null,
      errors: { 400: 'You cannot delete your own account', 404: 'User not found' },
    },
    async (call) => userDeleter(call, { userId: call.params.userId }),
  ),

  // Projects (its own list: GET /api/projects leaves hidden ones out)
  route(
    {
      method: 'get',
      path: '/api/admin/projects',
      tag: 'admin',
      summary:
        'Every project, hidden ones included, newest first, 100 a page (Link rel="next"); q searches title, description and tags',
      access: 'admin',
      query: adminProjectsQuerySchema,
      response: z.array(answers.Project),
    },
    async (call) =>
      pageAnswer(
        call.koa,
        await makeModerationQueries(call.deps.sql).listAllProjects(viewerOf(call), { q: call.query.q }, call.query),
        (row) => presentProject(row, call.user),
      ),
  ),
  route(
    {
      method: 'delete',
      path: '/api/admin/projects/:id',
      tag: 'admin',
      summary: 'Delete a project',
      access: 'activeAdmin',
      params: idParams,
      status: 204,
      response: null,
      errors: { 404: 'Project not found' },
    },
    async (call) => projectRemover(call, { projectId: call.params.id }),
  ),
  route(
    {
      method: 'patch',
      path: '/api/admin/projects/:projectId/visibility',
      tag: 'admin',
      summary: 'Hide a project from public view or show it again',
      access: 'activeAdmin',
      params: projectIdParams,
      body: named('VisibilityInput', visibilitySchema),
      response: answers.Project,
      errors: { 404: 'Project not found' },
    },
    async (call) => {
      await projectVisibilitySetter(call, { projectId: call.params.projectId, hidden: call.body.hidden });
      return presentProject(await loadReadableProject(call, call.params.projectId), call.user);
    },
  ),

  // Reports
  route(
    {
      method: 'get',
      path: '/api/admin/reports',
      tag: 'admin',
      summary: 'Reports with one status (default pending), newest first, a page at a time (Link rel="next")',
      access: 'admin',
      query: reportListQuerySchema.extend(newestFirstPageSchema.shape),
      response: z.array(answers.AdminReport),
    },
    async (call) =>
      pageAnswer(
        call.koa,
        await makeModerationQueries(call.deps.sql).listReports(call.query.status, call.query),
        presentAdminReport,
      ),
  ),
  route(
    {
      method: 'patch',
      path: '/api/admin/reports/:id',
      tag: 'admin',
      summary: 'Review, Dismiss, Hide (removed) or Restore (removed -> reviewed) a report',
      access: 'activeAdmin',
      params: idParams,
      body: named('ReportUpdateInput', reportUpdateSchema),
      response: answers.AdminReport,
      errors: { 400: 'Invalid input, or a status change the workflow does not allow', 404: 'Report not found' },
    },
    async (call) => presentAdminReport(await reportUpdater(call, { id: call.params.id, ...call.body })),
  ),
  route(
    {
      method: 'delete',
      path: '/api/admin/reports/:id',
      tag: 'admin',
      summary: 'Delete a decided report',
      access: 'activeAdmin',
      params: idParams,
      status: 204,
      response: null,
      errors: { 400: 'Only reviewed, dismissed or removed reports can be deleted', 404: 'Report not found' },
    },
    async (call) => reportDeleter(call, { id: call.params.id }),
  ),
];
