import Router from '@koa/router';
import { makeMessageQueries } from '@vitrine/db/queries/messages';
import { makeModerationQueries } from '@vitrine/db/queries/moderation';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { adminSearchQuerySchema, adminToggleSchema, pauseToggleSchema, visibilitySchema } from '@vitrine/domain/schemas/admin';
import { directMessageSchema, replySchema } from '@vitrine/domain/schemas/message';
import { reportListQuerySchema, reportUpdateSchema } from '@vitrine/domain/schemas/report';
import type { AppState, AppContextExtras } from '../context';
import { directMessageSender } from '../commands/messageSender';
import { messageReplier } from '../commands/messageReplier';
import { adminStatusSetter, pauseStatusSetter, userDeleter } from '../commands/moderationUsers';
import { projectRemover, projectVisibilitySetter } from '../commands/moderationProjects';
import { reportDeleter, reportUpdater } from '../commands/moderationReports';
import { refusePaused, requireAdmin } from '../middleware/guards';
import { presentAdminReport, presentAdminUser } from '../presenters/admin';
import { presentMessage } from '../presenters/message';
import { presentProject } from '../presenters/project';
import { viewerOf } from '../commands/projectReader';
import { parse, parseId } from '../validate';
import { messageAnswer } from './messages';

/**
 * /api/admin: the admin dashboard's messages, users, projects and reports. Every route answers 401 to
 * visitors and 403 to members; writes also refuse a paused account.
 */
export function adminRoutes() {
  const router = new Router<AppState, AppContextExtras>({ prefix: '/api/admin' });

  // Messages
  router.get('/messages', requireAdmin, async (ctx) => {
    const rows = await makeMessageQueries(ctx.deps.sql).listAll();
    ctx.body = rows.map((row) => presentMessage(row, ctx.state.user!));
  });
  router.post('/messages', requireAdmin, refusePaused, async (ctx) => {
    const id = await directMessageSender(ctx, parse(directMessageSchema, ctx.request.body));
    ctx.status = 201;
    ctx.body = await messageAnswer(ctx, id);
  });
  router.post('/messages/:id/reply', requireAdmin, refusePaused, async (ctx) => {
    const messageId = parseId(ctx.params.id);
    const input = parse(replySchema, ctx.request.body);
    const id = await messageReplier(ctx, { messageId, ...input });
    ctx.status = 201;
    ctx.body = await messageAnswer(ctx, id);
  });

  // Users
  router.get('/users', requireAdmin, async (ctx) => {
    const { q } = parse(adminSearchQuerySchema, ctx.query);
    ctx.body = (await makeModerationQueries(ctx.deps.sql).listUsers(q)).map(presentAdminUser);
  });
  router.patch('/users/:userId/admin', requireAdmin, refusePaused, async (ctx) => {
    const userId = parseId(ctx.params.userId);
    const { isAdmin } = parse(adminToggleSchema, ctx.request.body);
    ctx.body = presentAdminUser(await adminStatusSetter(ctx, { userId, isAdmin }));
  });
  router.patch('/users/:userId/pause', requireAdmin, refusePaused, async (ctx) => {
    const userId = parseId(ctx.params.userId);
    const { isPaused } = parse(pauseToggleSchema, ctx.request.body);
    ctx.body = presentAdminUser(await pauseStatusSetter(ctx, { userId, isPaused }));
  });
  router.delete('/users/:userId', requireAdmin, refusePaused, async (ctx) => {
    await userDeleter(ctx, { userId: parseId(ctx.params.userId) });
    ctx.status = 204;
  });

  // Projects (spec §7 reads the admin list from GET /api/projects?limit=100, which leaves hidden ones out)
  router.get('/projects', requireAdmin, async (ctx) => {
    const { q } = parse(adminSearchQuerySchema, ctx.query);
    const rows = await makeModerationQueries(ctx.deps.sql).listAllProjects(viewerOf(ctx), { q });
    ctx.body = rows.map((row) => presentProject(row, ctx.state.user));
  });
  router.delete('/projects/:id', requireAdmin, refusePaused, async (ctx) => {
    await projectRemover(ctx, { projectId: parseId(ctx.params.id) });
    ctx.status = 204;
  });
  router.patch('/projects/:projectId/visibility', requireAdmin, refusePaused, async (ctx) => {
    const projectId = parseId(ctx.params.projectId);
    const { hidden } = parse(visibilitySchema, ctx.request.body);
    await projectVisibilitySetter(ctx, { projectId, hidden });
    ctx.body = presentProject((await makeProjectQueries(ctx.deps.sql).findProject(projectId, viewerOf(ctx)))!, ctx.state.user);
  });

  // Reports
  router.get('/reports', requireAdmin, async (ctx) => {
    const { status } = parse(reportListQuerySchema, ctx.query);
    ctx.body = (await makeModerationQueries(ctx.deps.sql).listReports(status)).map(presentAdminReport);
  });
  router.patch('/reports/:id', requireAdmin, refusePaused, async (ctx) => {
    const id = parseId(ctx.params.id);
    const input = parse(reportUpdateSchema, ctx.request.body);
    ctx.body = presentAdminReport(await reportUpdater(ctx, { id, ...input }));
  });
  router.delete('/reports/:id', requireAdmin, refusePaused, async (ctx) => {
    await reportDeleter(ctx, { id: parseId(ctx.params.id) });
    ctx.status = 204;
  });

  return router;
}
