import { makeCommentReportQueries, type AdminCommentReportRow } from '@vitrine/db/queries/comment-reports';
import type { MemberCaller } from '../context';
import { badRequest, notFound } from '../errors';
import { commit } from './commit';
import { recordModeration } from '@vitrine/db/queries/moderation-log';

/** A comment report id that names no report (or whose comment is gone). */
export const COMMENT_REPORT_NOT_FOUND = 'Report not found';
/** The 400 of a decision on a report already decided. */
export const COMMENT_REPORT_DECIDED = 'This report has already been decided';

/**
 * An admin decides a pending report of a comment: reviewed (acted on: the comment hidden or deleted
 * through its own calls) or dismissed, logged publicly with its reason (the project's title; never
 * the reporter). A decided report stays as it is (400). Answers the report.
 */
export async function commentReportDecider(
  caller: MemberCaller,
  input: { id: number; status: 'reviewed' | 'dismissed'; reason?: string },
): Promise<AdminCommentReportRow> {
  return commit(caller, async (tx) => {
    const reports = makeCommentReportQueries(tx);
    const current = await reports.findForAdmin(input.id, true);
    if (!current) throw notFound(COMMENT_REPORT_NOT_FOUND);
    if (current.status !== 'pending') throw badRequest(COMMENT_REPORT_DECIDED);
    await reports.setStatus(current.id, input.status);
    await recordModeration(tx, {
      action: input.status === 'reviewed' ? 'report.reviewed' : 'report.dismissed',
      subject: { id: current.id, title: current.projectTitle },
      reason: input.reason,
      actorId: caller.user.id,
    });
    return { ...current, status: input.status };
  });
}
