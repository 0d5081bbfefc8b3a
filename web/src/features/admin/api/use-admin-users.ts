import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import type { AdminUser } from '@vitrine/domain/answers';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { apiJson } from '../../../lib/api';
import { revalidate } from '../../../lib/revalidate';
import { ADMIN_USERS_KEY, withSearch } from './keys';

/** The Users tab list, a page at a time (GET /api/admin/users), narrowed by username or email when `q` is given. */
export function useAdminUsers(q = '') {
  return useKeysetList<AdminUser>(withSearch(ADMIN_USERS_KEY, q), { keepPreviousData: true });
}

/** User moderation writes; each revalidates the users list (and project lists after a delete). */
export function useAdminUserActions() {
  const { mutate } = useSWRConfig();
  return useMemo(
    () => ({
      /** PATCH /api/admin/users/{id}/admin */
      async setAdmin(id: number, isAdmin: boolean): Promise<void> {
        await apiJson('PATCH', `/api/admin/users/${id}/admin`, { isAdmin });
        await revalidate(['users'], mutate);
      },
      /** PATCH /api/admin/users/{id}/pause */
      async setPaused(id: number, isPaused: boolean): Promise<void> {
        await apiJson('PATCH', `/api/admin/users/${id}/pause`, { isPaused });
        await revalidate(['users'], mutate);
      },
      /** DELETE /api/admin/users/{id} (their projects go too) */
      async remove(id: number): Promise<void> {
        await apiJson('DELETE', `/api/admin/users/${id}`);
        await revalidate(['users', 'projects'], mutate);
      },
    }),
    [mutate],
  );
}
