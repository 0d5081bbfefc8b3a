import Router from '@koa/router';
import { makeMessageQueries } from '@vitrine/db/queries/messages';
import { directMessageSchema } from '@vitrine/domain/schemas/message';
import type { UnreadCount } from '@vitrine/domain/types';
import type { AppContext, AppState, AppContextExtras } from '../context';
import { CONTACT_SENT, contactMessageSender } from '../commands/messageContactSender';
import { directMessageSender } from '../commands/messageSender';
import { messageDeleter, messageReadMarker } from '../commands/messageBox';
import { requireActiveUser, requireUser } from '../middleware/guards';
import { consume } from '../middleware/rate-limit';
import { presentMessage } from '../presenters/message';
import { parse, parseId } from '../validate';

/** Answers one stored message as the caller sees it. */
export async function messageAnswer(ctx: AppContext, id: number) {
  const row = await makeMessageQueries(ctx.deps.sql).findMessageById(id);
  return presentMessage(row!, ctx.state.user!);
}

/**
 * POST /api/contact (visitors and members), and the messages area of members: the box, the unread
 * count, marking read, deleting, and messaging another user (POST /api/messages).
 */
export function messagesRoutes() {
  const router = new Router<AppState, AppContextExtras>();

  router.post('/api/contact', async (ctx) => {
    const id = await contactMessageSender(ctx, ctx.request.body);
    ctx.status = 201;
    ctx.body = { message: CONTACT_SENT, id };
  });

  router.get('/api/messages', requireUser, async (ctx) => {
    const user = ctx.state.user!;
    const rows = await makeMessageQueries(ctx.deps.sql).listBox({ userId: user.id, isAdmin: user.isAdmin });
    ctx.body = rows.map((row) => presentMessage(row, user));
  });

  router.get('/api/messages/unread-count', requireUser, async (ctx) => {
    const user = ctx.state.user!;
    const count = await makeMessageQueries(ctx.deps.sql).countUnread({ userId: user.id, isAdmin: user.isAdmin });
    ctx.body = { count } satisfies UnreadCount;
  });

  router.post('/api/messages', requireActiveUser, async (ctx) => {
    const input = parse(directMessageSchema, ctx.request.body);
    await consume(ctx, 'message', `u:${ctx.state.user!.id}`);
    const id = await directMessageSender(ctx, input);
    ctx.status = 201;
    ctx.body = await messageAnswer(ctx, id);
  });

  router.patch('/api/messages/:id/read', requireActiveUser, async (ctx) => {
    const row = await messageReadMarker(ctx, { id: parseId(ctx.params.id) });
    ctx.body = presentMessage(row, ctx.state.user!);
  });

  router.delete('/api/messages/:id', requireActiveUser, async (ctx) => {
    await messageDeleter(ctx, { id: parseId(ctx.params.id) });
    ctx.status = 204;
  });

  return router;
}
