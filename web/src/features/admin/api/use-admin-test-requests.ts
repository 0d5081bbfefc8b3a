import useSWR, { useSWRConfig } from 'swr';
import type { TestRequestView } from '@vitrine/domain/types';
import { apiJson } from '../../../lib/api';
import { FRESH_ON_MOUNT, keysOf } from '../../../lib/live-keys';
import { withSearch } from './keys';

/** GET /api/admin/test-requests (every request, hidden ones included) */
export const ADMIN_TEST_REQUESTS_KEY = '/api/admin/test-requests';

/** The Test Requests tab's list under a search. */
export function useAdminTestRequests(q: string) {
  return useSWR<TestRequestView[]>(withSearch(ADMIN_TEST_REQUESTS_KEY, q), FRESH_ON_MOUNT);
}

/** Hide / show and cancel, each followed by a refetch of every test-request read. */
export function useAdminTestRequestActions() {
  const { mutate } = useSWRConfig();
  // Test-request reads anywhere (admin tab, public lists, pages) change when an admin hides or cancels.
  const refresh = () => mutate(keysOf('testRequests'));
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
