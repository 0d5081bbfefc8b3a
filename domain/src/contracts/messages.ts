import { z } from '../zod';
import { answers, named } from '../answers';
import { contactSchema } from '../schemas/message';
import { newestFirstPageSchema } from '../schemas/paging';
import { contract } from './contract';
import { directMessageInput } from './inputs';
import { idParams } from './params';

/** The contact form and a member's messages. */
export const messageContracts = {
  contact: contract({
    method: 'post',
    path: '/api/contact',
    tag: 'messages',
    summary: 'Contact form: to the admins, or to recipientUserId (members); platform or email mode',
    body: named('ContactInput', contactSchema),
    status: 201,
    response: answers.ContactSent,
    errors: {
      400: 'Invalid input; sendCopy without a (confirmed, for members) email',
      401: 'recipientUserId given by a visitor',
      403: 'recipientUserId given by a paused member (a paused member may still write to the admins)',
      404: 'User not found (recipientUserId)',
      429: `Too many messages, or confirmation mails to the address (a visitor's copy is sent only after its confirmation link is followed, within a day)`,
    },
  }),
  list: contract({
    method: 'get',
    path: '/api/messages',
    tag: 'messages',
    summary:
      'The caller\'s box: received and sent, newest first, a page at a time (Link rel="next"; admins: plus messages to the admins)',
    query: newestFirstPageSchema,
    response: z.array(answers.MessageView),
    paging: { cursor: 'before' },
  }),
  unreadCount: contract({
    method: 'get',
    path: '/api/messages/unread-count',
    tag: 'messages',
    summary: 'Unread messages received (admins: plus unread messages to the admins)',
    response: answers.UnreadCount,
  }),
  send: contract({
    method: 'post',
    path: '/api/messages',
    tag: 'messages',
    summary: 'Message another user (the Message User tab)',
    body: directMessageInput,
    status: 201,
    response: answers.MessageView,
    errors: { 400: 'Invalid input, or a message to oneself', 404: 'User not found' },
  }),
  markRead: contract({
    method: 'patch',
    path: '/api/messages/:id/read',
    tag: 'messages',
    summary: 'Mark as read (its recipient; admins for messages to the admins)',
    params: idParams,
    response: answers.MessageView,
    errors: {
      403: 'Only the recipient can mark this message as read, or the account is paused',
      404: 'Message not found',
    },
  }),
  remove: contract({
    method: 'delete',
    path: '/api/messages/:id',
    tag: 'messages',
    summary: 'Delete: a sender or recipient hides it from their box; an admin deletes it',
    params: idParams,
    status: 204,
    response: null,
    errors: { 404: 'Message not found' },
  }),
};
