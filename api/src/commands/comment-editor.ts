import { makeCommentQueries } from '@vitrine/db/queries/comments';
import type { MemberCaller } from '../context';
import { ensureOpen, lockComment } from '../comment-loaders';
import { authorize } from '../policies';
import { renderWithMentions } from './comment-creator';
import { announceCommentChange } from './comment-changes';
import { commit } from './commit';

/** The 403 of an edit by someone else, or after the edit window. */
export const COMMENT_EDIT_REFUSED = 'You can only edit your own comments, within 15 minutes of posting them';

/**
 * The author edits their comment within COMMENT_EDIT_WINDOW_MS of posting it (403 after, or for
 * anyone else), never on a hidden project: the new text is rendered again (its mentions linked) and
 * the comment marked edited; comment.updated tells the project's readers.
 */
export async function commentEditor(caller: MemberCaller, input: { id: number; body: string }): Promise<void> {
  await commit(caller, async (tx, emit) => {
    const { comment, project } = await lockComment(tx, caller.user, input.id);
    authorize(caller.user, 'comment.edit', comment, COMMENT_EDIT_REFUSED);
    ensureOpen(project);
    const { html } = await renderWithMentions(tx, input.body);
    await makeCommentQueries(tx).editComment(comment.id, { body: input.body, html });
    await announceCommentChange(tx, emit, 'comment.updated', comment);
  });
}
