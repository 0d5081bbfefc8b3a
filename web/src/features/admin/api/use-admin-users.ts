import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { AdminUser } from '@vitrine/domain/types';
import { apiJson, fetcher } from '../../../lib/api';
import { FRESH_ON_MOUNT, keysOf } from '../../../lib/live-keys';
import { ADMIN_USERS_KEY, withSearch } from './keys';

/** The Users tab list (GET /api/admin/users), narrowed by username or email when `q` is given. */
export function useAdminUsers(q = '') {
  return useSWR<AdminUser[], Error>(withSearch(ADMIN_USERS_KEY, q), fetcher, { ...FRESH_ON_MOUNT, keepPreviousData: true });
}

/** User moderation writes; each revalidates the users list (and project lists after a delete). */
export function useAdminUserActions() {
  const { mutate } = useSWRConfig();
  return useMemo(
    () => ({
      /** PATCH /api/admin/users/{id}/admin */
      async setAdmin(id: number, isAdmin: boolean): Promise<void> {
        await apiJson('PATCH', `/api/admin/users/${id}/admin`, { isAdmin });
        await mutate(keysOf('users'));
      },
      /** PATCH /api/admin/users/{id}/pause */
      async setPaused(id: number, isPaused: boolean): Promise<void> {
        await apiJson('PATCH', `/api/admin/users/${id}/pause`, { isPaused });
        await mutate(keysOf('users'));
      },
      /** DELETE /api/admin/users/{id} (their projects go too) */
      async remove(id: number): Promise<void> {
        await apiJson('DELETE', `/api/admin/users/${id}`);
        await mutate(keysOf('users', 'projects'));
      },
    }),
    [mutate],
  );
}
