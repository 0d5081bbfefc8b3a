import { z } from 'zod';
import { makeMessageQueries } from '@vitrine/db/queries/messages';
import { contactSchema, directMessageSchema } from '@vitrine/domain/schemas/message';
import { newestFirstPageSchema } from '@vitrine/domain/schemas/paging';
import type { MemberCaller } from '../context';
import { answers, idParams, named } from '../contracts/answers';
import { pageAnswer } from '../contracts/paging';
import { route, type Route } from '../contracts/route';
import { CONTACT_SENT, contactDefaults, contactMessageSender } from '../commands/contact-message-sender';
import { CONFIRMATION_TTL_SECONDS } from '../commands/email-confirmation-starter';
import { directMessageSender } from '../commands/direct-message-sender';
import { messageDeleter } from '../commands/message-deleter';
import { messageReadMarker } from '../commands/message-read-marker';
import { presentMessage } from '../presenters/message';

/** Answers one stored message (just written by the caller) as the caller sees it. */
export async function messageAnswer(caller: MemberCaller, id: number) {
  const row = await makeMessageQueries(caller.deps.sql).findMessageById(id);
  return presentMessage(row!, caller.user);
}

/** The request body of a message to a user (the Message User tab and the admin composer). */
export const directMessageInput = named('DirectMessageInput', directMessageSchema);

/**
 * POST /api/contact (visitors and members), and the messages area of members: the box, the unread
 * count, marking read, deleting, and messaging another user (POST /api/messages).
 */
export const messageRoutes: Route[] = [
  route(
    {
      method: 'post',
      path: '/api/contact',
      tag: 'messages',
      summary: 'Contact form: to the admins, or to recipientUserId (members); platform or email mode',
      access: 'anyone',
      limit: 'contact',
      body: named('ContactInput', contactSchema),
      prefill: contactDefaults,
      status: 201,
      response: answers.ContactSent,
      errors: {
        400: 'Invalid input; sendCopy without a (confirmed, for members) email',
        401: 'recipientUserId given by a visitor',
        403: 'recipientUserId given by a paused member (a paused member may still write to the admins)',
        404: 'User not found (recipientUserId)',
        429: `Too many messages, or confirmation mails to the address (a visitor's copy is sent only after its confirmation link is followed, within ${CONFIRMATION_TTL_SECONDS / 3600} hours)`,
      },
    },
    async (call) => ({ message: CONTACT_SENT, ...(await contactMessageSender(call, call.body)) }),
  ),
  route(
    {
      method: 'get',
      path: '/api/messages',
      tag: 'messages',
      summary:
        'The caller\'s box: received and sent, newest first, a page at a time (Link rel="next"; admins: plus messages to the admins)',
      access: 'member',
      query: newestFirstPageSchema,
      response: z.array(answers.MessageView),
    },
    async (call) =>
      pageAnswer(
        call.koa,
        await makeMessageQueries(call.deps.sql).listBox(
          { userId: call.user.id, isAdmin: call.user.isAdmin },
          call.query,
        ),
        (row) => presentMessage(row, call.user),
      ),
  ),
  route(
    {
      method: 'get',
      path: '/api/messages/unread-count',
      tag: 'messages',
      summary: 'Unread messages received (admins: plus unread messages to the admins)',
      access: 'member',
      response: answers.UnreadCount,
    },
    async ({ deps, user }) => ({
      count: await makeMessageQueries(deps.sql).countUnread({ userId: user.id, isAdmin: user.isAdmin }),
    }),
  ),
  route(
    {
      method: 'post',
      path: '/api/messages',
      tag: 'messages',
      summary: 'Message another user (the Message User tab)',
      access: 'active',
      limit: 'message',
      body: directMessageInput,
      status: 201,
      response: answers.MessageView,
      errors: { 400: 'Invalid input, or a message to oneself', 404: 'User not found' },
    },
    async (call) => messageAnswer(call, await directMessageSender(call, call.body)),
  ),
  route(
    {
      method: 'patch',
      path: '/api/messages/:id/read',
      tag: 'messages',
      summary: 'Mark as read (its recipient; admins for messages to the admins)',
      access: 'active',
      params: idParams,
      response: answers.MessageView,
      errors: {
        403: 'Only the recipient can mark this message as read, or the account is paused',
        404: 'Message not found',
      },
    },
    async (call) => presentMessage(await messageReadMarker(call, { id: call.params.id }), call.user),
  ),
  route(
    {
      method: 'delete',
      path: '/api/messages/:id',
      tag: 'messages',
      summary: 'Delete: a sender or recipient hides it from their box; an admin deletes it',
      access: 'active',
      params: idParams,
      status: 204,
      response: null,
      errors: { 404: 'Message not found' },
    },
    async (call) => messageDeleter(call, { id: call.params.id }),
  ),
];
