import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { useList } from '../../../hooks/use-list';
import { callApi, endpoints } from '../../../lib/api';
import { revalidate } from '../../../lib/revalidate';
import { adminUsersKey } from './keys';

/** The Users tab list, a page at a time (GET /api/admin/users), narrowed by username or email when `q` is given. */
export function useAdminUsers(q = '') {
  return useList(adminUsersKey(q), { revalidateOnMount: true, keepPreviousData: true });
}

/** User moderation writes; each revalidates the users list (and project lists after a delete). */
export function useAdminUserActions() {
  const { mutate } = useSWRConfig();
  return useMemo(
    () => ({
      /** PATCH /api/admin/users/{id}/admin */
      async setAdmin(id: number, isAdmin: boolean): Promise<void> {
        await callApi(endpoints.admin.setAdmin, { params: { userId: id }, body: { isAdmin } });
        await revalidate(['users'], mutate);
      },
      /** PATCH /api/admin/users/{id}/pause, with the public reason when one is given (the moderation log) */
      async setPaused(id: number, isPaused: boolean, reason?: string): Promise<void> {
        const body = reason ? { isPaused, reason } : { isPaused };
        await callApi(endpoints.admin.setPaused, { params: { userId: id }, body });
        await revalidate(['users'], mutate);
      },
      /** DELETE /api/admin/users/{id} (their projects go too), with the public reason (the moderation log) */
      async remove(id: number, reason = ''): Promise<void> {
        await callApi(endpoints.admin.removeUser, { params: { userId: id }, body: { reason } });
        await revalidate(['users', 'projects'], mutate);
      },
    }),
    [mutate],
  );
}
