import type { TransactionSql } from 'postgres';
import { makeCommentQueries } from '@vitrine/db/queries/comments';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeUserQueries } from '@vitrine/db/queries/users';
import type { MemberCaller } from '../context';
import { notFound } from '../errors';
import { COMMENT_NOT_FOUND, ensureOpen } from '../comment-loaders';
import { lockReadableProject } from '../loaders';
import { mentionCandidates, pickMentions, renderComment } from '../markdown';
import { commit } from './commit';

/** The rendered text of a comment and the members it mentions (existing ones, at most 10, linked). */
export async function renderWithMentions(
  tx: TransactionSql,
  body: string,
): Promise<{ html: string; mentioned: Array<{ id: number; username: string }> }> {
  const candidates = mentionCandidates(body);
  const picked = pickMentions(candidates, await makeUserQueries(tx).findByUsernames(candidates));
  const { html, linked } = renderComment(
    body,
    picked.map((user) => user.username),
  );
  return { html, mentioned: picked.filter((user) => linked.includes(user.username)) };
}

/** The thread a new comment joins: null for a new thread; a reply to a reply joins its parent's thread. */
async function threadOf(tx: TransactionSql, projectId: number, parentId: number | null | undefined) {
  if (parentId === null || parentId === undefined) return null;
  const parent = await makeCommentQueries(tx).findComment(parentId);
  if (!parent || parent.projectId !== projectId || parent.deletedAt !== null) throw notFound(COMMENT_NOT_FOUND);
  return parent.parentId ?? parent.id;
}

/**
 * A signed-in, unpaused member comments on a project they may read, not a hidden one (403), or
 * replies to one of its comments. With the project row locked, the comment is written, the project's
 * comment count recounted, and comment.created (with the members it mentions) recorded together.
 * Answers the comment's id. The route's quota (`commentPost`, api/src/middleware/rate-limit.ts) was
 * spent before, and is given back if this fails.
 */
export async function commentCreator(
  caller: MemberCaller,
  input: { projectId: number; body: string; parentId?: number | null },
): Promise<number> {
  return commit(caller, async (tx, emit) => {
    const project = await lockReadableProject(tx, caller.user, input.projectId);
    ensureOpen(project);
    const parentId = await threadOf(tx, project.id, input.parentId);
    const { html, mentioned } = await renderWithMentions(tx, input.body);
    const authorId = caller.user.id;
    const commentId = await makeCommentQueries(tx).insertComment({
      projectId: project.id,
      parentId,
      authorId,
      body: input.body,
      html,
    });
    const commentCount = await makeProjectQueries(tx).refreshCommentCount(project.id);
    const mentionedUserIds = mentioned.map((user) => user.id).filter((id) => id !== authorId);
    emit({
      name: 'comment.created',
      projectId: project.id,
      commentId,
      parentId,
      commentCount,
      authorId,
      mentionedUserIds,
    });
    return commentId;
  });
}
