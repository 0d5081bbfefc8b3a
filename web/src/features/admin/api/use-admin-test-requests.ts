import useSWR, { useSWRConfig } from 'swr';
import type { TestRequestView } from '@vitrine/domain/types';
import { apiJson } from '../../../lib/api';
import { FRESH_ON_MOUNT, withSearch } from './keys';

/** GET /api/admin/test-requests (every request, hidden ones included) */
export const ADMIN_TEST_REQUESTS_KEY = '/api/admin/test-requests';

/** Test-request reads anywhere (admin tab, public lists, pages): they change when an admin hides or cancels. */
function isRequestKey(key: unknown): boolean {
  return typeof key === 'string' && (key.startsWith(ADMIN_TEST_REQUESTS_KEY) || key.startsWith('/api/test-requests') || /^\/api\/projects\/\d+\/test-request$/.test(key));
}

/** The Test Requests tab's list under a search. */
export function useAdminTestRequests(q: string) {
  return useSWR<TestRequestView[]>(withSearch(ADMIN_TEST_REQUESTS_KEY, q), FRESH_ON_MOUNT);
}

/** Hide / show and cancel, each followed by a refetch of every test-request read. */
export function useAdminTestRequestActions() {
  const { mutate } = useSWRConfig();
  const refresh = () => mutate(isRequestKey);
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
