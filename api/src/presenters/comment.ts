import type { CommentRow } from '@vitrine/db/queries/comments';
import type { Comment } from '@vitrine/domain/answers';
import { can, type Actor } from '../policies';

/**
 * A comment as `viewer` sees it: a deleted one without its text or author ("[deleted]"), a hidden one
 * without them for everyone but its author and the admins ("[removed by a moderator]").
 */
export function presentComment(row: CommentRow, viewer: Actor | null): Comment {
  const deleted = row.deletedAt !== null;
  const shown = !deleted && (!row.hidden || (viewer !== null && can(viewer, 'comment.seeHidden', row)));
  return {
    id: row.id,
    projectId: row.projectId,
    parentId: row.parentId,
    body: shown ? row.body : '',
    html: shown ? row.html : '',
    author: shown ? { username: row.authorUsername, isMaker: row.isMaker } : null,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    deleted,
    hidden: row.hidden,
    canEdit: viewer !== null && can(viewer, 'comment.edit', row),
    canDelete: !deleted && viewer !== null && can(viewer, 'comment.delete', row),
  };
}

/** A page of threads, each with its replies (rows of listReplies, oldest first). */
export function presentThreads(threads: CommentRow[], replies: CommentRow[], viewer: Actor | null): Comment[] {
  const byThread = new Map<number, Comment[]>();
  for (const reply of replies) {
    const list = byThread.get(reply.parentId!) ?? [];
    list.push(presentComment(reply, viewer));
    byThread.set(reply.parentId!, list);
  }
  return threads.map((thread) => ({ ...presentComment(thread, viewer), replies: byThread.get(thread.id) ?? [] }));
}
