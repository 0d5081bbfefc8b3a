import { z } from '../zod';
import { answers, commentAnswers, named } from '../answers';
import {
  commentCreateSchema,
  commentEditSchema,
  commentListQuerySchema,
  commentReportDecisionSchema,
  commentReportSchema,
  commentVisibilitySchema,
} from '../schemas/comment';
import { reportListQuerySchema } from '../schemas/report';
import { newestFirstPageSchema } from '../schemas/paging';
import { contract } from './contract';
import { idParams } from './params';

/** Comments on a project's page: the threads, writing, editing, deleting, reporting, and the admins' hide. */
export const commentContracts = {
  list: contract({
    method: 'get',
    path: '/api/projects/:id/comments',
    tag: 'projects',
    summary:
      "A project's threads with their replies, oldest first or Top (by replies, then newest); the next page by Link (after=<last thread id>)",
    params: idParams,
    query: commentListQuerySchema,
    response: z.array(commentAnswers.Comment),
    sharing: 'visitor',
    paging: { cursor: 'after' },
  }),
  create: contract({
    method: 'post',
    path: '/api/projects/:id/comments',
    tag: 'projects',
    summary: 'Comment on a project, or reply to a comment (a reply to a reply joins its thread)',
    params: idParams,
    body: named('CommentInput', commentCreateSchema),
    status: 201,
    response: commentAnswers.Comment,
    errors: { 403: 'Paused, or the project is hidden', 429: 'Too many comments' },
  }),
  edit: contract({
    method: 'patch',
    path: '/api/comments/:id',
    tag: 'projects',
    summary: 'Edit one’s own comment within 15 minutes of posting it',
    params: idParams,
    body: named('CommentEditInput', commentEditSchema),
    response: commentAnswers.Comment,
    errors: { 403: 'Not the author, or the edit window closed' },
  }),
  remove: contract({
    method: 'delete',
    path: '/api/comments/:id',
    tag: 'projects',
    summary: 'Delete a comment (its author or an admin); one with replies stays as "[deleted]"',
    params: idParams,
    status: 204,
    response: null,
    errors: { 403: 'Not the author or an admin' },
  }),
  report: contract({
    method: 'post',
    path: '/api/comments/:id/report',
    tag: 'projects',
    summary: 'Report a comment (one open report per member)',
    params: idParams,
    body: named('CommentReportInput', commentReportSchema),
    status: 201,
    response: answers.Created,
    errors: { 403: "Paused, or the caller's own comment", 409: 'You have already reported this comment' },
  }),
  setVisibility: contract({
    method: 'patch',
    path: '/api/admin/comments/:id/visibility',
    tag: 'admin',
    summary: 'Hide a comment ("[removed by a moderator]") or show it again',
    params: idParams,
    body: named('CommentVisibilityInput', commentVisibilitySchema),
    response: commentAnswers.Comment,
  }),
  reports: contract({
    method: 'get',
    path: '/api/admin/comment-reports',
    tag: 'admin',
    summary:
      'Reports of comments with one status (default pending), newest first, each with the comment\'s text and its thread; a page at a time (Link rel="next")',
    query: reportListQuerySchema.extend(newestFirstPageSchema.shape),
    response: z.array(commentAnswers.AdminCommentReport),
    paging: { cursor: 'before' },
  }),
  decideReport: contract({
    method: 'patch',
    path: '/api/admin/comment-reports/:id',
    tag: 'admin',
    summary: 'Decide a pending report of a comment: reviewed (acted on) or dismissed',
    params: idParams,
    body: named('CommentReportDecisionInput', commentReportDecisionSchema),
    response: commentAnswers.AdminCommentReport,
    errors: { 400: 'Invalid input, or the report is already decided', 404: 'Report not found' },
  }),
};
