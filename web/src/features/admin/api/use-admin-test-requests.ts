import { useSWRConfig } from 'swr';
import { useList } from '../../../hooks/use-list';
import { callApi, endpoints } from '../../../lib/api';
import { revalidate } from '../../../lib/revalidate';
import { adminTestRequestsKey } from './keys';

/**
 * The Test Requests tab's list under a search, a page at a time. The rows on screen stay while a new
 * search loads, so a row's button pressed meanwhile keeps focus when that row is in the new answer too.
 */
export function useAdminTestRequests(q: string) {
  return useList(adminTestRequestsKey(q), { revalidateOnMount: true, keepPreviousData: true });
}

/** Hide / show and cancel, each followed by a refetch of every test-request read. */
export function useAdminTestRequestActions() {
  const { mutate } = useSWRConfig();
  // Test-request reads anywhere (admin tab, public lists, pages) change when an admin hides or cancels.
  const refresh = () => revalidate(['testRequests'], mutate);
  return {
    /** PATCH /api/admin/test-requests/{id}/visibility, with the public reason when one is given (the moderation log) */
    async setHidden(id: number, hidden: boolean, reason?: string) {
      const body = reason ? { hidden, reason } : { hidden };
      await callApi(endpoints.adminTestRequests.setVisibility, { params: { id }, body });
      await refresh();
    },
    async cancel(id: number) {
      await callApi(endpoints.testRequests.update, { params: { id }, body: { status: 'cancelled' } });
      await refresh();
    },
  };
}
