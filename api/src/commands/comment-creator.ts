import type { TransactionSql } from 'postgres';
import { makeCommentQueries } from '@vitrine/db/queries/comments';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeUserQueries } from '@vitrine/db/queries/users';
import {
  COMMENT_QUOTA,
  COMMENT_QUOTA_MESSAGE,
  NEW_ACCOUNT_AGE_MS,
  NEW_ACCOUNT_COMMENT_QUOTA,
} from '@vitrine/domain/schemas/comment';
import type { MemberCaller } from '../context';
import { notFound } from '../errors';
import { COMMENT_NOT_FOUND, ensureOpen } from '../comment-loaders';
import { lockReadableProject } from '../loaders';
import { mentionCandidates, pickMentions, renderComment } from '../markdown';
import { commit } from './commit';
import { spendRowQuota } from './row-quota';

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

/**
 * Spends the member's comment quota (COMMENT_QUOTA, NEW_ACCOUNT_COMMENT_QUOTA for a young account),
 * counted on the comments they made (row-quota.ts).
 */
function spendCommentQuota(tx: TransactionSql, caller: MemberCaller): Promise<void> {
  const young = Date.now() - caller.user.createdAt.getTime() < NEW_ACCOUNT_AGE_MS;
  return spendRowQuota(caller, young ? NEW_ACCOUNT_COMMENT_QUOTA : COMMENT_QUOTA, COMMENT_QUOTA_MESSAGE, (since) =>
    makeCommentQueries(tx).lockAndCountRecent(caller.user.id, since),
  );
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
 * replies to one of its comments. With the project row locked, the quota is spent, the comment
 * written, the project's comment count recounted, and comment.created (with the members it
 * mentions) recorded together. Answers the comment's id.
 */
export async function commentCreator(
  caller: MemberCaller,
  input: { projectId: number; body: string; parentId?: number | null },
): Promise<number> {
  return commit(caller, async (tx, emit) => {
    const project = await lockReadableProject(tx, caller.user, input.projectId);
    ensureOpen(project);
    const parentId = await threadOf(tx, project.id, input.parentId);
    await spendCommentQuota(tx, caller);
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
