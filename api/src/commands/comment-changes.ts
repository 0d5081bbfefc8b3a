import type { CommentRow } from '@vitrine/db/queries/comments';
import { recordModeration } from '@vitrine/db/queries/moderation-log';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import type { Tx } from '@vitrine/db/sql';
import type { Emit } from './commit';

/**
 * After a comment changed (edited, hidden, shown, deleted): recounts its project's comments and tells
 * the project's readers, with the new count, through `name`.
 */
export async function announceCommentChange(
  tx: Tx,
  emit: Emit,
  name: 'comment.updated' | 'comment.deleted',
  comment: Pick<CommentRow, 'id' | 'parentId' | 'projectId'>,
): Promise<void> {
  const commentCount = await makeProjectQueries(tx).refreshCommentCount(comment.projectId);
  emit({ name, projectId: comment.projectId, commentId: comment.id, parentId: comment.parentId, commentCount });
}

/** An admin removed someone's comment: logged publicly (comment.removed, with the standard wording). */
export function recordCommentRemoval(tx: Tx, comment: Pick<CommentRow, 'id' | 'authorId'>, actorId: number) {
  return recordModeration(tx, {
    action: 'comment.removed',
    subject: { id: comment.id, userId: comment.authorId },
    actorId,
  });
}
