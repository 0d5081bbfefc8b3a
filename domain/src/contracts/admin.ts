import { z } from '../zod';
import { answers, named } from '../answers';
import { ADMIN_PROJECT_LIMIT } from '../constants';
import {
  adminSearchQuerySchema,
  adminToggleSchema,
  pauseToggleSchema,
  moderatedVisibilitySchema,
} from '../schemas/admin';
import { moderationReasonBodySchema, moderationReasonSchema } from '../schemas/moderation';
import { replySchema } from '../schemas/message';
import { newestFirstPageSchema, pageLimitSchema } from '../schemas/paging';
import { reportListQuerySchema, reportUpdateSchema } from '../schemas/report';
import { contract } from './contract';
import { directMessageInput } from './inputs';
import { idParams, projectIdParams, userIdParams } from './params';

/** GET /api/admin/projects: a search and a page of the admin project list limit (100). */
const adminProjectsQuerySchema = adminSearchQuerySchema.extend({
  ...newestFirstPageSchema.shape,
  limit: pageLimitSchema(ADMIN_PROJECT_LIMIT),
});

/** /api/admin: the admin dashboard's messages, users, projects and reports. */
export const adminContracts = {
  messages: contract({
    method: 'get',
    path: '/api/admin/messages',
    tag: 'admin',
    summary: 'Every message, newest first, a page at a time (Link rel="next")',
    query: newestFirstPageSchema,
    response: z.array(answers.MessageView),
    paging: { cursor: 'before' },
  }),
  sendMessage: contract({
    method: 'post',
    path: '/api/admin/messages',
    tag: 'admin',
    summary: 'Admin composer: a message to a user',
    body: directMessageInput,
    status: 201,
    response: answers.MessageView,
    errors: { 404: 'User not found' },
  }),
  reply: contract({
    method: 'post',
    path: '/api/admin/messages/:id/reply',
    tag: 'admin',
    summary: "Reply to a message's sender account",
    params: idParams,
    body: named('ReplyInput', replySchema),
    status: 201,
    response: answers.MessageView,
    errors: { 400: 'Invalid input, or the message has no sender account', 404: 'Message not found' },
  }),
  users: contract({
    method: 'get',
    path: '/api/admin/users',
    tag: 'admin',
    summary: 'Every user, newest first, a page at a time (Link rel="next"); q searches username and email',
    query: adminSearchQuerySchema.extend(newestFirstPageSchema.shape),
    response: z.array(answers.AdminUser),
    paging: { cursor: 'before' },
  }),
  setAdmin: contract({
    method: 'patch',
    path: '/api/admin/users/:userId/admin',
    tag: 'admin',
    summary: "Grant or remove admin (never one's own)",
    params: userIdParams,
    body: named('AdminToggleInput', adminToggleSchema),
    response: answers.AdminUser,
    errors: { 400: 'You cannot change your own admin status', 404: 'User not found' },
  }),
  setPaused: contract({
    method: 'patch',
    path: '/api/admin/users/:userId/pause',
    tag: 'admin',
    summary: 'Pause or unpause a user (admins cannot be paused)',
    params: userIdParams,
    body: named('PauseToggleInput', pauseToggleSchema),
    response: answers.AdminUser,
    errors: { 400: 'Admins cannot be paused', 404: 'User not found' },
  }),
  removeUser: contract({
    method: 'delete',
    path: '/api/admin/users/:userId',
    tag: 'admin',
    summary: 'Delete a user and all of their projects; the body may give the public reason (moderation log)',
    params: userIdParams,
    body: named('ModerationReasonInput', moderationReasonBodySchema),
    status: 204,
    response: null,
    errors: { 400: 'You cannot delete your own account', 404: 'User not found' },
  }),
  projects: contract({
    method: 'get',
    path: '/api/admin/projects',
    tag: 'admin',
    summary:
      'Every project, hidden ones included, newest first, 100 a page (Link rel="next"); q searches title, description and tags',
    query: adminProjectsQuerySchema,
    response: z.array(answers.Project),
    paging: { cursor: 'before' },
  }),
  removeProject: contract({
    method: 'delete',
    path: '/api/admin/projects/:id',
    tag: 'admin',
    summary: 'Delete a project; the body may give the public reason (moderation log)',
    params: idParams,
    body: moderationReasonBodySchema,
    status: 204,
    response: null,
    errors: { 404: 'Project not found' },
  }),
  setProjectVisibility: contract({
    method: 'patch',
    path: '/api/admin/projects/:projectId/visibility',
    tag: 'admin',
    summary: 'Hide a project from public view or show it again',
    params: projectIdParams,
    body: named('ProjectVisibilityInput', moderatedVisibilitySchema),
    response: answers.Project,
    errors: { 404: 'Project not found' },
  }),
  reports: contract({
    method: 'get',
    path: '/api/admin/reports',
    tag: 'admin',
    summary: 'Reports with one status (default pending), newest first, a page at a time (Link rel="next")',
    query: reportListQuerySchema.extend(newestFirstPageSchema.shape),
    response: z.array(answers.AdminReport),
    paging: { cursor: 'before' },
  }),
  updateReport: contract({
    method: 'patch',
    path: '/api/admin/reports/:id',
    tag: 'admin',
    summary: 'Review, Dismiss, Hide (removed) or Restore (removed -> reviewed) a report',
    params: idParams,
    body: named('ReportUpdateInput', reportUpdateSchema.extend({ reason: moderationReasonSchema })),
    response: answers.AdminReport,
    errors: { 400: 'Invalid input, or a status change the workflow does not allow', 404: 'Report not found' },
  }),
  removeReport: contract({
    method: 'delete',
    path: '/api/admin/reports/:id',
    tag: 'admin',
    summary: 'Delete a decided report',
    params: idParams,
    status: 204,
    response: null,
    errors: { 400: 'Only reviewed, dismissed or removed reports can be deleted', 404: 'Report not found' },
  }),
};
