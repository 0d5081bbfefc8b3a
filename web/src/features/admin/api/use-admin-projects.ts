import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { Project } from '@vitrine/domain/types';
import { apiJson, fetcher } from '../../../lib/api';
import { FRESH_ON_MOUNT, keysOf } from '../../../lib/live-keys';
import { ADMIN_PROJECTS_KEY, withSearch } from './keys';

/** The Projects tab list (GET /api/admin/projects: all, hidden included), narrowed when `q` is given. */
export function useAdminProjects(q = '') {
  return useSWR<Project[], Error>(withSearch(ADMIN_PROJECTS_KEY, q), fetcher, { ...FRESH_ON_MOUNT, keepPreviousData: true });
}

/** Project moderation writes; each revalidates admin and public project lists and the reports. */
export function useAdminProjectActions() {
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const refresh = () => mutate(keysOf('projects', 'reports'));
    return {
      /** PATCH /api/admin/projects/{id}/visibility */
      async setHidden(id: number, hidden: boolean): Promise<void> {
        await apiJson('PATCH', `/api/admin/projects/${id}/visibility`, { hidden });
        await refresh();
      },
      /** DELETE /api/admin/projects/{id} */
      async remove(id: number): Promise<void> {
        await apiJson('DELETE', `/api/admin/projects/${id}`);
        await refresh();
      },
    };
  }, [mutate]);
}
