import type { DomainEvent } from '@vitrine/domain/events';
import type { ReportReason } from '@vitrine/domain/constants';
import { AUTO_HIDE_REPORT_COUNT } from '@vitrine/domain/constants';
import { makeEventQueries } from '@vitrine/db/queries/events';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeReportQueries } from '@vitrine/db/queries/reports';
import type { AppContext } from '../context';
import { conflict } from '../errors';
import { ensureReadable } from './projectReader';

/** The 409 of a second open report by one member on one project. */
export const ALREADY_REPORTED = 'You have already reported this project';
/** The answer of a filed report. */
export const REPORT_SUBMITTED = 'Report submitted';

/**
 * A signed-in, active member reports a project: one pending report per member per project. With the
 * project row locked, the report, the report counter, the auto-hide (AUTO_HIDE_REPORT_COUNT pending
 * reports from different members hide it until an admin decides) and their events commit together.
 * Answers the report's id.
 */
export async function reportCreator(
  ctx: AppContext,
  input: { projectId: number; reason: ReportReason; additionalDetails: string | null },
): Promise<number> {
  const user = ctx.state.user!;
  const { id, events } = await ctx.deps.sql.begin(async (tx) => {
    ensureReadable(ctx, await makeProjectQueries(tx).lockProject(input.projectId));
    const reports = makeReportQueries(tx);
    const reportId = await reports.insertReport({
      projectId: input.projectId,
      reporterUserId: user.id,
      reporterIp: ctx.ip,
      reason: input.reason,
      additionalDetails: input.additionalDetails || null,
    });
    if (reportId === undefined) throw conflict(ALREADY_REPORTED);
    await reports.incrementReportCount(input.projectId);
    const list: DomainEvent[] = [{ name: 'report.created', reportId, projectId: input.projectId }];
    if ((await reports.countPendingReporters(input.projectId)) >= AUTO_HIDE_REPORT_COUNT && (await reports.hideProject(input.projectId))) {
      list.push({ name: 'project.hidden', projectId: input.projectId, hidden: true });
    }
    return { id: reportId, events: await makeEventQueries(tx).recordEvents(list) };
  });
  await ctx.deps.publisher.publish(events);
  return id;
}
