import { makeModerationQueries } from '@vitrine/db/queries/moderation';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeReportQueries } from '@vitrine/db/queries/reports';
import { STALE } from '@vitrine/runtime/stale-reads';
import type { MemberCaller } from '../context';
import { announceStale } from '../cache/http';
import { badRequest, notFound } from '../errors';
import { commit } from './commit';
import { REPORT_NOT_FOUND } from './report-updater';

/** Non-pending reports can only be deleted; a pending one must be decided first. */
export const ONLY_DECIDED_DELETED = 'Only reviewed, dismissed or removed reports can be deleted';

/**
 * Deletes a decided report (never a pending one) and takes it off its project's report count, which
 * every shared read showing the project carries (no event says so: they are told directly).
 */
export async function reportDeleter(caller: MemberCaller, input: { id: number }): Promise<void> {
  const projectId = await commit(caller, async (tx) => {
    const report = await makeModerationQueries(tx).findReport(input.id, true);
    if (!report) throw notFound(REPORT_NOT_FOUND);
    if (report.status === 'pending') throw badRequest(ONLY_DECIDED_DELETED);
    const projectId = await makeReportQueries(tx).deleteReport(report.id);
    if (projectId !== undefined) await makeProjectQueries(tx).decrementReportCount(projectId);
    return projectId;
  });
  if (projectId !== undefined) await announceStale(caller, [STALE.project(projectId)]);
}
