import { makeCommentQueries } from '@vitrine/db/queries/comments';
import type { MemberCaller } from '../context';
import { lockComment } from '../comment-loaders';
import { authorize } from '../policies';
import { announceCommentChange, recordCommentRemoval } from './comment-changes';
import { commit } from './commit';

/** The 403 of a delete by someone who is neither the author nor an admin. */
export const COMMENT_DELETE_REFUSED = 'You can only delete your own comments';

/**
 * The author (any time) or an admin deletes a comment: its text goes; one with replies stays as
 * "[deleted]" (comments.ts deleteComment). The project's count is recounted and comment.deleted
 * tells its readers.
 */
export async function commentDeleter(caller: MemberCaller, input: { id: number }): Promise<void> {
  await commit(caller, async (tx, emit) => {
    const { comment } = await lockComment(tx, caller.user, input.id);
    authorize(caller.user, 'comment.delete', comment, COMMENT_DELETE_REFUSED);
    await makeCommentQueries(tx).deleteComment(comment.id);
    // An admin deleting someone else's comment moderates it; an author deleting their own does not.
    if (comment.authorId !== caller.user.id) await recordCommentRemoval(tx, comment, caller.user.id);
    await announceCommentChange(tx, emit, 'comment.deleted', comment);
  });
}
