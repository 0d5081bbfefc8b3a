import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import type { ReportStatus } from '@vitrine/domain/constants';
import type { AdminReport } from '@vitrine/domain/answers';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { apiJson } from '../../../lib/api';
import { revalidate } from '../../../lib/revalidate';
import { adminReportsKey } from './keys';

/** One status tab of the Reports tab, a page at a time (GET /api/admin/reports?status=). */
export function useAdminReports(status: ReportStatus) {
  return useKeysetList<AdminReport>(adminReportsKey(status));
}

/** Report moderation writes; each revalidates every status tab (a report moves between them). */
export function useAdminReportActions() {
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const refresh = () => revalidate(['reports', 'projects'], mutate);
    return {
      /** PATCH /api/admin/reports/{id}: Dismiss, Review, and Hide (status removed hides the project). */
      async update(id: number, status: ReportStatus, adminNotes?: string): Promise<void> {
        await apiJson(
          'PATCH',
          `/api/admin/reports/${id}`,
          adminNotes === undefined ? { status } : { status, adminNotes },
        );
        await refresh();
      },
      /** Restore: removed -> reviewed; the server shows the project again in the same transaction. */
      async restore(id: number): Promise<void> {
        await apiJson('PATCH', `/api/admin/reports/${id}`, { status: 'reviewed' });
        await refresh();
      },
      /** DELETE /api/admin/reports/{id} */
      async remove(id: number): Promise<void> {
        await apiJson('DELETE', `/api/admin/reports/${id}`);
        await refresh();
      },
    };
  }, [mutate]);
}
