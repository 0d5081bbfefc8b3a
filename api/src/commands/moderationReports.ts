import type { ReportStatus } from '@vitrine/domain/constants';
import type { DomainEvent } from '@vitrine/domain/events';
import { makeEventQueries } from '@vitrine/db/queries/events';
import { makeModerationQueries, type AdminReportRow } from '@vitrine/db/queries/moderation';
import { STALE } from '@vitrine/runtime/stale-reads';
import type { AppContext } from '../context';
import { announceStale } from '../cache/http';
import { badRequest, notFound } from '../errors';

export const REPORT_NOT_FOUND = 'Report not found';
/** Spec §4: non-pending reports can only be deleted; a pending one must be decided first. */
export const ONLY_DECIDED_DELETED = 'Only reviewed, dismissed or removed reports can be deleted';

/**
 * The report workflow (spec §4, docs/api.md "Reports"). Pending becomes reviewed or dismissed (Review,
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
  ctx: AppContext,
  input: { id: number; status: ReportStatus; adminNotes?: string | null },
): Promise<AdminReportRow> {
  const [report, events] = await ctx.deps.sql.begin(async (tx) => {
    const moderation = makeModerationQueries(tx);
    const current = await moderation.findReport(input.id, true);
    if (!current) throw notFound(REPORT_NOT_FOUND);
    const from = current.status;
    const to = input.status;
    if (from !== to && !NEXT[from].includes(to)) throw badRequest(badTransition(from, to));
    const hide = to === 'removed';
    const restore = from === 'removed' && to === 'reviewed';
    await moderation.updateReport(current.id, {
      status: to,
      adminNotes: input.adminNotes === undefined ? current.adminNotes : input.adminNotes || null,
      isHidden: hide,
    });
    const list: DomainEvent[] = [];
    if ((hide && !current.projectHidden) || (restore && current.projectHidden)) {
      await moderation.setProjectHidden(current.projectId, hide);
      list.push({ name: 'project.hidden', projectId: current.projectId, hidden: hide });
    }
    const stored = await makeEventQueries(tx).recordEvents(list);
    return [(await moderation.findReport(current.id))!, stored] as const;
  });
  await ctx.deps.publisher.publish(events);
  return report;
}

/** Deletes a decided report (never a pending one); its project's reportCount drops in every shared read. */
export async function reportDeleter(ctx: AppContext, input: { id: number }): Promise<void> {
  const projectId = await ctx.deps.sql.begin(async (tx) => {
    const moderation = makeModerationQueries(tx);
    const report = await moderation.findReport(input.id, true);
    if (!report) throw notFound(REPORT_NOT_FOUND);
    if (report.status === 'pending') throw badRequest(ONLY_DECIDED_DELETED);
    await moderation.deleteReport(report.id);
    return report.projectId;
  });
  await announceStale(ctx, [STALE.project(projectId)]);
}
