import type { AdminCommentReportRow } from '@vitrine/db/queries/comment-reports';
import type { CommentRow } from '@vitrine/db/queries/comments';
import type { AdminCommentReport } from '@vitrine/domain/answers';

/** The replies of a thread the admins' queue shows under a report (the reported comment is always shown apart). */
export const ADMIN_THREAD_REPLIES = 10;

/** A comment as the admins read it: its text whatever its state (a deleted one has none left). */
function presentAdminComment(row: CommentRow): AdminCommentReport['comment'] {
  return {
    id: row.id,
    parentId: row.parentId,
    body: row.body,
    authorUsername: row.authorUsername,
    createdAt: row.createdAt.toISOString(),
    hidden: row.hidden,
    deleted: row.deletedAt !== null,
  };
}

/**
 * A report of a comment with the comment and its thread: `comments` holds the reported comments and
 * their threads' openings by id, `replies` the threads' live replies (oldest first).
 */
export function presentAdminCommentReport(
  row: AdminCommentReportRow,
  comments: ReadonlyMap<number, CommentRow>,
  replies: readonly CommentRow[],
): AdminCommentReport {
  const comment = comments.get(row.commentId)!;
  const rootId = comment.parentId ?? comment.id;
  const root = comments.get(rootId);
  const threadReplies = replies.filter((reply) => reply.parentId === rootId).slice(0, ADMIN_THREAD_REPLIES);
  return {
    id: row.id,
    projectId: row.projectId,
    projectTitle: row.projectTitle,
    reason: row.reason,
    additionalDetails: row.additionalDetails,
    reporterUsername: row.reporterUsername,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    comment: presentAdminComment(comment),
    thread: [...(root ? [root] : []), ...threadReplies].map(presentAdminComment),
  };
}
