import { commentContracts } from '@vitrine/domain/contracts/comments';
import { makeCommentQueries } from '@vitrine/db/queries/comments';
import type { Caller } from '../context';
import { route, type Route } from '../contracts/route';
import { readableProjectIds } from '@vitrine/db/queries/project-access';
import { notFound } from '../errors';
import { PROJECT_NOT_FOUND } from '../loaders';
import { makeCommentReportQueries } from '@vitrine/db/queries/comment-reports';
import { loadComment, presentCommentReports } from '../comment-loaders';
import { commentReportDecider } from '../commands/comment-report-decider';
import { presentComment, presentThreads } from '../presenters/comment';
import { pageById, type Page } from '@vitrine/domain/schemas/paging';
import { STALE } from '@vitrine/runtime/stale-reads';
import type { Comment } from '@vitrine/domain/answers';
import type { CommentSort } from '@vitrine/domain/comments';
import { commentCreator } from '../commands/comment-creator';
import { commentEditor } from '../commands/comment-editor';
import { commentDeleter } from '../commands/comment-deleter';
import { commentVisibilitySetter } from '../commands/comment-visibility-setter';
import { commentReportCreator } from '../commands/comment-report-creator';
import { REPORT_SUBMITTED } from '../commands/report-creator';
import { REPORT_LOGIN_REQUIRED } from './projects';

/** The 401 text for a visitor who tries to comment. */
export const COMMENT_LOGIN_REQUIRED = 'You need to be logged in to comment';

/** The comment `id` as the caller now sees it (after a write). */
async function commentAnswer(caller: Caller, id: number) {
  return presentComment(await loadComment(caller, id), caller.user);
}

/** The page of threads after `after` in `sort`, with the replies of each, as `viewer` sees them. */
async function loadPage(
  call: Caller,
  projectId: number,
  query: { sort: CommentSort; after?: number; limit: number },
  viewer: Caller['user'],
): Promise<Page<Comment, number>> {
  const comments = makeCommentQueries(call.deps.sql);
  const rows = await comments.listThreads(projectId, { ...query, limit: query.limit + 1 });
  const page = pageById(rows, query.limit);
  const replies = await comments.listReplies(page.rows.map((thread) => thread.id));
  return { rows: presentThreads(page.rows, replies, viewer), next: page.next };
}

/**
 * A project's comments: read per member (a hidden comment's text reaches its author and the admins
 * only, and each carries the viewer's canEdit), one kept page for every visitor (the contract's
 * `visitor` sharing); written by members (docs/api.md "Comments").
 */
export const commentRoutes: Route[] = [
  // Every visitor sees the same page (the contract's sharing: kept until a change to the project, a
  // comment included, makes it stale); a member sees their own hidden comments and what they may edit.
  route(
    commentContracts.list,
    { access: 'anyone', staleOn: (_threads, { params }) => [STALE.project(params.id)] },
    async (call) => {
      const { sort, after, limit } = call.query;
      // One probe of the project's visibility ('project.read'), not the whole project row.
      const actor = call.user && { id: call.user.id, isAdmin: call.user.isAdmin };
      const [projectId] = await readableProjectIds(call.deps.sql, [call.params.id], actor);
      if (projectId === undefined) throw notFound(PROJECT_NOT_FOUND);
      return loadPage(call, projectId, { sort, after, limit }, call.user);
    },
  ),
  route(
    commentContracts.create,
    { access: 'active', loginMessage: COMMENT_LOGIN_REQUIRED, limit: 'commentPost', tokenScope: 'write:comments' },
    async (call) => {
      const id = await commentCreator(call, { projectId: call.params.id, ...call.body });
      return commentAnswer(call, id);
    },
  ),
  route(
    commentContracts.edit,
    { access: 'active', limit: 'commentWrite', tokenScope: 'write:comments' },
    async (call) => {
      await commentEditor(call, { id: call.params.id, body: call.body.body });
      return commentAnswer(call, call.params.id);
    },
  ),
  route(
    commentContracts.remove,
    { access: 'active', limit: 'commentWrite', tokenScope: 'write:comments' },
    async (call) => commentDeleter(call, { id: call.params.id }),
  ),
  route(
    commentContracts.report,
    { access: 'active', loginMessage: REPORT_LOGIN_REQUIRED, limit: 'report', tokenScope: 'write:comments' },
    async (call) => {
      const { reason, additionalDetails } = call.body;
      const id = await commentReportCreator(call, {
        id: call.params.id,
        reason,
        additionalDetails: additionalDetails ?? null,
      });
      return { message: REPORT_SUBMITTED, id };
    },
  ),
  route(commentContracts.setVisibility, { access: 'activeAdmin', limit: 'moderation' }, async (call) => {
    await commentVisibilitySetter(call, { id: call.params.id, hidden: call.body.hidden });
    return commentAnswer(call, call.params.id);
  }),
  // The admins' queue of comment reports, each with the comment's text and its thread.
  route(commentContracts.reports, { access: 'admin' }, async (call) => {
    const page = await makeCommentReportQueries(call.deps.sql).listForAdmin(call.query.status, call.query);
    const reports = await presentCommentReports(call.deps.sql, page.rows);
    const byId = new Map(reports.map((report) => [report.id, report]));
    return { rows: page.rows.map((row) => byId.get(row.id)!), next: page.next };
  }),
  route(commentContracts.decideReport, { access: 'activeAdmin', limit: 'moderation' }, async (call) => {
    const row = await commentReportDecider(call, { id: call.params.id, ...call.body });
    const [report] = await presentCommentReports(call.deps.sql, [row]);
    return report!;
  }),
];
