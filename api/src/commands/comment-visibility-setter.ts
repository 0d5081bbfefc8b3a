import { makeCommentQueries } from '@vitrine/db/queries/comments';
import type { MemberCaller } from '../context';
import { lockComment } from '../comment-loaders';
import { announceCommentChange, recordCommentRemoval } from './comment-changes';
import { commit } from './commit';

/**
 * An admin hides a comment (others see "[removed by a moderator]") or shows it again; the project's
 * count follows and comment.updated tells its readers; a hide is logged publicly (comment.removed).
 * Setting what already is changes nothing.
 */
export async function commentVisibilitySetter(
  caller: MemberCaller,
  input: { id: number; hidden: boolean },
): Promise<void> {
  await commit(caller, async (tx, emit) => {
    const { comment } = await lockComment(tx, caller.user, input.id);
    if (!(await makeCommentQueries(tx).setHidden(comment.id, input.hidden))) return;
    if (input.hidden) await recordCommentRemoval(tx, comment, caller.user.id);
    await announceCommentChange(tx, emit, 'comment.updated', comment);
  });
}
