import type { ReportStatus } from '@vitrine/domain/constants';
import { makeModerationQueries, type AdminReportRow } from '@vitrine/db/queries/moderation';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeReportQueries } from '@vitrine/db/queries/reports';
import type { MemberCaller } from '../context';
import { badRequest, notFound } from '../errors';
import { commit } from './commit';

/** A report id that names no report. */
export const REPORT_NOT_FOUND = 'Report not found';

/**
 * The report workflow (docs/api.md "Reports"). Pending becomes reviewed or dismissed (Review,
 * Dismiss) or removed (Hide). Hide is allowed from reviewed and dismissed too. Restore is removed ->
 * reviewed. Setting the current status again only updates the notes (and re-hides for removed).
 */
const NEXT: Record<ReportStatus, readonly ReportStatus[]> = {
  pending: ['reviewed', 'dismissed', 'removed'],
  reviewed: ['removed'],
  dismissed: ['removed'],
  removed: ['reviewed'],
};

/** The 400 for a move the workflow does not allow. */
export const badTransition = (from: ReportStatus, to: ReportStatus) => `A ${from} report cannot be set to ${to}`;

/**
 * Changes a report's status and notes. 'removed' hides the reported project (Hide); removed -> reviewed
 * shows it again (Restore). Each visibility change records project.hidden. Answers the updated report.
 */
export async function reportUpdater(
  caller: MemberCaller,
  input: { id: number; status: ReportStatus; adminNotes?: string | null },
): Promise<AdminReportRow> {
  return commit(caller, async (tx, emit) => {
    const moderation = makeModerationQueries(tx);
    const current = await moderation.findReport(input.id, true);
    if (!current) throw notFound(REPORT_NOT_FOUND);
    const from = current.status;
    const to = input.status;
    if (from !== to && !NEXT[from].includes(to)) throw badRequest(badTransition(from, to));
    const hide = to === 'removed';
    const restore = from === 'removed' && to === 'reviewed';
    await makeReportQueries(tx).updateReport(current.id, {
      status: to,
      adminNotes: input.adminNotes === undefined ? current.adminNotes : input.adminNotes || null,
      isHidden: hide,
    });
    if ((hide && !current.projectHidden) || (restore && current.projectHidden)) {
      await makeProjectQueries(tx).setHidden(current.projectId, hide);
      emit({ name: 'project.hidden', projectId: current.projectId, hidden: hide });
    }
    return (await moderation.findReport(current.id))!;
  });
}
