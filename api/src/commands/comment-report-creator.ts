import type { ReportReason } from '@vitrine/domain/constants';
import {
  AUTO_HIDE_REPORT_COUNT,
  REPORT_STANDING_MIN_ACTIONS,
  REPORT_STANDING_MIN_AGE_DAYS,
} from '@vitrine/domain/constants';
import { makeCommentQueries } from '@vitrine/db/queries/comments';
import { makeCommentReportQueries } from '@vitrine/db/queries/comment-reports';
import type { MemberCaller } from '../context';
import { conflict } from '../errors';
import { authorize } from '../policies';
import { addressKey } from '../client-address';
import { lockComment } from '../comment-loaders';
import { announceCommentChange } from './comment-changes';
import { commit } from './commit';

/** The 409 of a second open report by one member on one comment. */
export const ALREADY_REPORTED_COMMENT = 'You have already reported this comment';
/** The 403 of a member reporting their own comment. */
export const OWN_COMMENT_REPORT = 'You cannot report your own comment';

/**
 * A signed-in, active member reports a comment, never their own (403): one pending report per
 * member per comment. The report reaches the admins at once (commentReport.created, pushed to the
 * `admins` room); as with projects (report-creator.ts), AUTO_HIDE_REPORT_COUNT reports from members
 * with standing on distinct networks hide the comment. Answers the report's id.
 */
export async function commentReportCreator(
  caller: MemberCaller,
  input: { id: number; reason: ReportReason; additionalDetails: string | null },
): Promise<number> {
  return commit(caller, async (tx, emit) => {
    const { comment, project } = await lockComment(tx, caller.user, input.id);
    authorize(caller.user, 'comment.report', comment, OWN_COMMENT_REPORT);
    const reports = makeCommentReportQueries(tx);
    const reportId = await reports.insertReport({
      commentId: comment.id,
      reporterUserId: caller.user.id,
      reporterNetwork: addressKey(caller.ip),
      reason: input.reason,
      additionalDetails: input.additionalDetails || null,
    });
    if (reportId === undefined) throw conflict(ALREADY_REPORTED_COMMENT);
    emit({ name: 'commentReport.created', reportId, commentId: comment.id, projectId: project.id });
    const counted = await reports.countHideReports(comment.id, {
      minAgeDays: REPORT_STANDING_MIN_AGE_DAYS,
      minActions: REPORT_STANDING_MIN_ACTIONS,
    });
    if (counted >= AUTO_HIDE_REPORT_COUNT && (await makeCommentQueries(tx).setHidden(comment.id, true))) {
      await announceCommentChange(tx, emit, 'comment.updated', comment);
    }
    return reportId;
  });
}
