import { useSWRConfig } from 'swr';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { callApi, endpoints } from '../../../lib/api';
import { revalidate } from '../../../lib/revalidate';
import { adminTestRequestsKey } from './keys';

/** The Test Requests tab's list under a search, a page at a time. */
export function useAdminTestRequests(q: string) {
  return useKeysetList(adminTestRequestsKey(q));
}

/** Hide / show and cancel, each followed by a refetch of every test-request read. */
export function useAdminTestRequestActions() {
  const { mutate } = useSWRConfig();
  // Test-request reads anywhere (admin tab, public lists, pages) change when an admin hides or cancels.
  const refresh = () => revalidate(['testRequests'], mutate);
  return {
    async setHidden(id: number, hidden: boolean) {
      await callApi(endpoints.adminTestRequests.setVisibility, { params: { id }, body: { hidden } });
      await refresh();
    },
    async cancel(id: number) {
      await callApi(endpoints.testRequests.update, { params: { id }, body: { status: 'cancelled' } });
      await refresh();
    },
  };
}
