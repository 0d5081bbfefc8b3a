import { messageContracts } from '@vitrine/domain/contracts/messages';
import { makeMessageQueries } from '@vitrine/db/queries/messages';
import type { MemberCaller } from '../context';
import { mapPage } from '@vitrine/domain/schemas/paging';
import { route, type Route } from '../contracts/route';
import { CONTACT_SENT, contactDefaults, contactMessageSender } from '../commands/contact-message-sender';
import { directMessageSender } from '../commands/direct-message-sender';
import { messageDeleter } from '../commands/message-deleter';
import { messageReadMarker } from '../commands/message-read-marker';
import { presentMessage } from '../presenters/message';

/** Answers one stored message (just written by the caller) as the caller sees it. */
export async function messageAnswer(caller: MemberCaller, id: number) {
  const row = await makeMessageQueries(caller.deps.sql).findMessageById(id);
  return presentMessage(row!, caller.user);
}

/**
 * POST /api/contact (visitors and members), and the messages area of members: the box, the unread
 * count, marking read, deleting, and messaging another user (POST /api/messages).
 */
export const messageRoutes: Route[] = [
  route(
    messageContracts.contact,
    {
      access: 'anyone',
      limit: 'contact',
      prefill: contactDefaults,
    },
    async (call) => ({ message: CONTACT_SENT, ...(await contactMessageSender(call, call.body)) }),
  ),
  route(messageContracts.list, { access: 'member' }, async (call) =>
    mapPage(
      await makeMessageQueries(call.deps.sql).listBox({ userId: call.user.id, isAdmin: call.user.isAdmin }, call.query),
      (row) => presentMessage(row, call.user),
    ),
  ),
  route(messageContracts.unreadCount, { access: 'member' }, async ({ deps, user }) => ({
    count: await makeMessageQueries(deps.sql).countUnread({ userId: user.id, isAdmin: user.isAdmin }),
  })),
  route(
    messageContracts.send,
    {
      access: 'active',
      limit: 'message',
    },
    async (call) => messageAnswer(call, await directMessageSender(call, call.body)),
  ),
  route(messageContracts.markRead, { access: 'active' }, async (call) =>
    presentMessage(await messageReadMarker(call, { id: call.params.id }), call.user),
  ),
  route(messageContracts.remove, { access: 'active' }, async (call) => messageDeleter(call, { id: call.params.id })),
];
