import { moderationReasonSchema } from './moderation';
import { z } from '../zod';
import { reportSchema } from './report';
import { MAX_ROW_ID, pageLimitSchema, queryRowIdSchema } from './paging';
import {
  COMMENT_MAX_LENGTH,
  COMMENT_MIN_LENGTH,
  COMMENT_PAGE_SIZE,
  COMMENT_SORTS,
  MAX_COMMENT_PAGE,
} from '../comments';

export * from '../comments';

const BODY_LENGTH = `Comments must be between ${COMMENT_MIN_LENGTH} and ${COMMENT_MAX_LENGTH.toLocaleString('en-US')} characters`;

/** A comment's markdown source, 1-5,000 characters after trimming. */
const bodySchema = z
  .string({ error: 'Please write a comment' })
  .trim()
  .min(COMMENT_MIN_LENGTH, 'Please write a comment')
  .max(COMMENT_MAX_LENGTH, BODY_LENGTH);

/** POST /api/projects/{id}/comments: the text, and the comment it answers (a reply to a reply joins its thread). */
export const commentCreateSchema = z.object({
  body: bodySchema,
  parentId: z
    .number({ error: 'parentId must be a comment id' })
    .int('parentId must be a comment id')
    .min(1, 'parentId must be a comment id')
    .max(MAX_ROW_ID, 'parentId must be a comment id')
    .nullable()
    .optional(),
});
export type CommentCreateInput = z.input<typeof commentCreateSchema>;

/** PATCH /api/comments/{id}: the new text. */
export const commentEditSchema = z.object({ body: bodySchema });

/** POST /api/comments/{id}/report: the reasons and details of a project's report. */
export const commentReportSchema = reportSchema.pick({ reason: true, additionalDetails: true });

/** A pending comment report is decided one of these ways (the comment itself is hidden or deleted apart). */
export const COMMENT_REPORT_DECISIONS = ['reviewed', 'dismissed'] as const;

/** PATCH /api/admin/comment-reports/{id}: the decision. */
export const commentReportDecisionSchema = z.object({
  status: z.enum(COMMENT_REPORT_DECISIONS, { error: 'status must be reviewed or dismissed' }),
  /** The public reason the moderation log shows (blank: the standard wording). */
  reason: moderationReasonSchema,
});

/** PATCH /api/admin/comments/{id}/visibility */
export const commentVisibilitySchema = z.object({
  hidden: z.boolean({ error: 'hidden must be true or false' }),
});

/** GET /api/projects/{id}/comments query: the sort, the keyset (`after`: the previous page's last thread) and the page size. */
export const commentListQuerySchema = z.object({
  sort: z.enum(COMMENT_SORTS, { error: 'sort must be oldest or top' }).default('oldest'),
  after: queryRowIdSchema('after must be a comment id')
    .optional()
    .describe("the id of the previous page's last thread (from the Link header); the page starts right after it"),
  limit: pageLimitSchema(COMMENT_PAGE_SIZE, MAX_COMMENT_PAGE),
});
