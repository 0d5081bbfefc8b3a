import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import type { ReportStatus } from '@vitrine/domain/constants';
import { useList } from '../../../hooks/use-list';
import { callApi, endpoints } from '../../../lib/api';
import { revalidate } from '../../../lib/revalidate';
import { adminReportsKey } from './keys';

/** One status tab of the Reports tab, a page at a time (GET /api/admin/reports?status=). */
export function useAdminReports(status: ReportStatus) {
  return useList(adminReportsKey(status), { revalidateOnMount: true });
}

/** Report moderation writes; each revalidates every status tab (a report moves between them). */
export function useAdminReportActions() {
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const refresh = () => revalidate(['reports', 'projects'], mutate);
    return {
      /**
       * PATCH /api/admin/reports/{id}: Dismiss, Review, and Hide (status removed hides the project), with
       * the private notes and the public reason (the moderation log) when given.
       */
      async update(id: number, status: ReportStatus, adminNotes?: string, reason?: string): Promise<void> {
        const body = { status, ...(adminNotes === undefined ? {} : { adminNotes }), ...(reason ? { reason } : {}) };
        await callApi(endpoints.admin.updateReport, { params: { id }, body });
        await refresh();
      },
      /** Restore: removed -> reviewed; the server shows the project again in the same transaction. */
      async restore(id: number): Promise<void> {
        await callApi(endpoints.admin.updateReport, { params: { id }, body: { status: 'reviewed' } });
        await refresh();
      },
      /** DELETE /api/admin/reports/{id} */
      async remove(id: number): Promise<void> {
        await callApi(endpoints.admin.removeReport, { params: { id } });
        await refresh();
      },
    };
  }, [mutate]);
}
