import type { TransactionSql } from 'postgres';
import { makeCommentQueries, type CommentRow } from '@vitrine/db/queries/comments';
import type { AdminCommentReportRow } from '@vitrine/db/queries/comment-reports';
import type { AdminCommentReport } from '@vitrine/domain/answers';
import type { Caller } from './context';
import { presentAdminCommentReport } from './presenters/admin-comment-report';
import { forbidden, notFound } from './errors';
import type { Actor, ProjectResource } from './policies';
import { loadProjectAccess, lockReadableProject, type ProjectAccess } from './loaders';

/** The one answer for a comment that is missing, deleted, or on a project hidden from the caller. */
export const COMMENT_NOT_FOUND = 'Comment not found';
/** The 403 of a comment written, edited or answered on a hidden project. */
export const COMMENTS_CLOSED = 'Comments are closed while the project is hidden';

/** Throws the 403 of a write on a hidden project (comments are closed while it is). */
export function ensureOpen(project: ProjectResource): void {
  if (project.isHidden) throw forbidden(COMMENTS_CLOSED);
}

/**
 * In a comment write's transaction: the comment `id` (not deleted) with its project locked, else 404
 * 'Comment not found' (also when the caller may not read the project: existence never leaks).
 */
export async function lockComment(
  tx: TransactionSql,
  user: Actor,
  id: number,
): Promise<{ comment: CommentRow; project: ProjectAccess }> {
  const comments = makeCommentQueries(tx);
  const first = await comments.findComment(id);
  if (!first) throw notFound(COMMENT_NOT_FOUND);
  const project = await lockReadableProject(tx, user, first.projectId, COMMENT_NOT_FOUND);
  // Read again under the lock: a write that held it may have changed the comment.
  const comment = await comments.findComment(id);
  if (!comment || comment.deletedAt !== null) throw notFound(COMMENT_NOT_FOUND);
  return { comment, project };
}

/** A comment the caller may read (its project readable by them), else 404; deleted ones included. */
export async function loadComment(caller: Pick<Caller, 'deps' | 'user'>, id: number): Promise<CommentRow> {
  const comment = await makeCommentQueries(caller.deps.sql).findComment(id);
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
  await loadProjectAccess(caller, comment.projectId, COMMENT_NOT_FOUND);
  return comment;
}

/**
 * Reports of comments as the admins' queue shows them: each with its comment and that comment's
 * thread (the opening comment and its first live replies). Two reads for the whole page, by primary
 * key and by comments_replies_idx.
 */
export async function presentCommentReports(
  sql: Caller['deps']['sql'],
  rows: readonly AdminCommentReportRow[],
): Promise<AdminCommentReport[]> {
  const comments = makeCommentQueries(sql);
  const reported = await comments.findComments([...new Set(rows.map((row) => row.commentId))]);
  const rootIds = [...new Set(reported.map((comment) => comment.parentId ?? comment.id))];
  const missingRoots = rootIds.filter((rootId) => !reported.some((comment) => comment.id === rootId));
  const [roots, replies] = await Promise.all([comments.findComments(missingRoots), comments.listReplies(rootIds)]);
  const byId = new Map([...reported, ...roots].map((comment) => [comment.id, comment]));
  return rows.map((row) => presentAdminCommentReport(row, byId, replies));
}
