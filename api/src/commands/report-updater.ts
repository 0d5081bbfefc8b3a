import type { ReportStatus } from '@vitrine/domain/constants';
import type { ModerationAction } from '@vitrine/domain/moderation-log';
import { recordModeration } from '@vitrine/db/queries/moderation-log';
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

/** The logged action of a decision (a move to another status); setting the same status again logs nothing. */
function decisionOf(from: ReportStatus, to: ReportStatus): ModerationAction | null {
  if (from === to) return null;
  if (to === 'removed') return 'report.upheld';
  if (to === 'dismissed') return 'report.dismissed';
  if (to === 'reviewed') return from === 'removed' ? 'report.restored' : 'report.reviewed';
  return null;
}

/** The 400 for a move the workflow does not allow. */
export const badTransition = (from: ReportStatus, to: ReportStatus) => `A ${from} report cannot be set to ${to}`;

/**
 * Changes a report's status and notes. 'removed' hides the reported project (Hide); removed -> reviewed
 * shows it again (Restore). Each visibility change records project.hidden; each decision is logged with
 * its public reason (the admin notes stay private). Answers the updated report.
 */
export async function reportUpdater(
  caller: MemberCaller,
  input: { id: number; status: ReportStatus; adminNotes?: string | null; reason?: string },
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
    const decision = decisionOf(from, to);
    if (decision) {
      const subject = { id: current.id, title: current.projectTitle };
      await recordModeration(tx, { action: decision, subject, reason: input.reason, actorId: caller.user.id });
    }
    return (await moderation.findReport(current.id))!;
  });
}
