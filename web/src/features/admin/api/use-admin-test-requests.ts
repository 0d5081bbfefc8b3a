import { useSWRConfig } from 'swr';
import type { TestRequestView } from '@vitrine/domain/answers';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { apiJson } from '../../../lib/api';
import { revalidate } from '../../../lib/revalidate';
import { withSearch } from './keys';

/** GET /api/admin/test-requests (every request, hidden ones included) */
export const ADMIN_TEST_REQUESTS_KEY = '/api/admin/test-requests';

/** The Test Requests tab's list under a search, a page at a time. */
export function useAdminTestRequests(q: string) {
  return useKeysetList<TestRequestView>(withSearch(ADMIN_TEST_REQUESTS_KEY, q));
}

/** Hide / show and cancel, each followed by a refetch of every test-request read. */
export function useAdminTestRequestActions() {
  const { mutate } = useSWRConfig();
  // Test-request reads anywhere (admin tab, public lists, pages) change when an admin hides or cancels.
  const refresh = () => revalidate(['testRequests'], mutate);
  return {
    async setHidden(id: number, hidden: boolean) {
      await apiJson('PATCH', `${ADMIN_TEST_REQUESTS_KEY}/${id}/visibility`, { hidden });
      await refresh();
    },
    async cancel(id: number) {
      await apiJson('PATCH', `/api/test-requests/${id}`, { status: 'cancelled' });
      await refresh();
    },
  };
}
