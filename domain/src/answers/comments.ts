import { z } from '../zod';
import { REPORT_REASONS, REPORT_STATUSES } from '../constants';
import { named, rowId as id, timestamp } from './named';

/**
 * A comment as the project page shows it. A deleted comment (kept for its replies) and a hidden one
 * (seen by others than its author and the admins) carry an empty body and html: the page shows
 * "[deleted]" or "[removed by a moderator]".
 */
const commentFields = {
  id,
  projectId: id,
  parentId: id.nullable().describe('the thread it answers; null for a thread'),
  body: z.string().describe('the markdown source'),
  html: z.string().describe('the source rendered to HTML (a safe subset: raw HTML off, links nofollow ugc)'),
  author: z
    .object({
      username: z.string().nullable().describe('null when the account is gone'),
      isMaker: z.boolean().describe("the project's maker wrote it (the Maker badge)"),
    })
    .nullable()
    .describe('null for a deleted comment'),
  createdAt: timestamp,
  editedAt: timestamp.nullable().describe('when its author last edited it ("edited")'),
  deleted: z.boolean(),
  hidden: z.boolean().describe('an admin hid it (or reports did)'),
  canEdit: z.boolean().describe('the viewer wrote it and the edit window is open'),
  canDelete: z.boolean().describe('the viewer wrote it, or is an admin'),
};
const reply = z.object(commentFields);
const comment = reply.extend({
  replies: z.array(reply).optional().describe("a thread's replies, oldest first"),
});

/** A comment as the admins' report queue shows it: its text whatever its state. */
const adminComment = z.object({
  id,
  parentId: id.nullable(),
  body: z.string().describe('the markdown source (empty once deleted)'),
  authorUsername: z.string().nullable().describe('null when the account is gone'),
  createdAt: timestamp,
  hidden: z.boolean(),
  deleted: z.boolean(),
});

/** A report of a comment in the admins' queue, with the comment's text and its thread. */
const adminCommentReport = z.object({
  id,
  projectId: id,
  projectTitle: z.string(),
  reason: z.enum(REPORT_REASONS),
  additionalDetails: z.string().nullable(),
  reporterUsername: z.string().nullable(),
  createdAt: timestamp,
  status: z.enum(REPORT_STATUSES),
  comment: adminComment.describe('the reported comment'),
  thread: z
    .array(adminComment)
    .describe("the reported comment's thread: its opening comment, then its first live replies (oldest first)"),
});

/** The comment answers. */
export const commentAnswers = {
  Comment: named('Comment', comment),
  AdminCommentReport: named('AdminCommentReport', adminCommentReport),
};

/** A comment, a thread with its replies (GET /api/projects/{id}/comments), or one reply. */
export type Comment = z.output<typeof commentAnswers.Comment>;

/** A report of a comment as the admin dashboard lists it (GET /api/admin/comment-reports). */
export type AdminCommentReport = z.output<typeof commentAnswers.AdminCommentReport>;
