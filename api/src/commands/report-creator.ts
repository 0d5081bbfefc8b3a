import type { ReportReason } from '@vitrine/domain/constants';
import {
  AUTO_HIDE_REPORT_COUNT,
  REPORT_STANDING_MIN_ACTIONS,
  REPORT_STANDING_MIN_AGE_DAYS,
} from '@vitrine/domain/constants';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeReportQueries } from '@vitrine/db/queries/reports';
import type { MemberCaller } from '../context';
import { conflict, OWN_PROJECT_REPORT } from '../errors';
import { authorize } from '../policies';
import { lockReadableProject } from '../loaders';
import { addressKey } from '../client-address';
import { commit } from './commit';

/** The 409 of a second open report by one member on one project. */
export const ALREADY_REPORTED = 'You have already reported this project';
/** The answer of a filed report. */
export const REPORT_SUBMITTED = 'Report submitted';

/**
 * A signed-in, active member reports a project, never their own (403): one pending report per member per project. With the
 * project row locked, the report, the report counter, the auto-hide and their events commit together.
 * Every report reaches the admins at once (report.created, pushed live to the `admins` room); only
 * reports that count hide the project (AUTO_HIDE_REPORT_COUNT of them): from members other
 * than the owner, with standing (an account REPORT_STANDING_MIN_AGE_DAYS old that voted, rated or
 * submitted), one per network, so fresh accounts made from one address cannot hide a project.
 * Answers the report's id.
 */
export async function reportCreator(
  caller: MemberCaller,
  input: { projectId: number; reason: ReportReason; additionalDetails: string | null },
): Promise<number> {
  return commit(caller, async (tx, emit) => {
    const projects = makeProjectQueries(tx);
    const target = await lockReadableProject(tx, caller.user, input.projectId);
    authorize(caller.user, 'project.report', target, OWN_PROJECT_REPORT);
    const reports = makeReportQueries(tx);
    const reportId = await reports.insertReport({
      projectId: input.projectId,
      reporterUserId: caller.user.id,
      reporterIp: caller.ip,
      reporterNetwork: addressKey(caller.ip),
      reason: input.reason,
      additionalDetails: input.additionalDetails || null,
    });
    if (reportId === undefined) throw conflict(ALREADY_REPORTED);
    await projects.incrementReportCount(input.projectId);
    emit({ name: 'report.created', reportId, projectId: input.projectId });
    const counted = await reports.countHideReports(input.projectId, {
      minAgeDays: REPORT_STANDING_MIN_AGE_DAYS,
      minActions: REPORT_STANDING_MIN_ACTIONS,
    });
    if (counted >= AUTO_HIDE_REPORT_COUNT && (await projects.hideVisible(input.projectId))) {
      emit({ name: 'project.hidden', projectId: input.projectId, hidden: true });
    }
    return reportId;
  });
}
