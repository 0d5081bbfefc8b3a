import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { Project } from '@vitrine/domain/types';
import { apiJson, fetcher } from '../../../lib/api';
import { ADMIN_PROJECTS_KEY, FRESH_ON_MOUNT, isProjectsKey, isReportsKey, withSearch } from './keys';

/** The Projects tab list (GET /api/admin/projects: all, hidden included), narrowed when `q` is given. */
export function useAdminProjects(q = '') {
  return useSWR<Project[], Error>(withSearch(ADMIN_PROJECTS_KEY, q), fetcher, { ...FRESH_ON_MOUNT, keepPreviousData: true });
}

/** Project moderation writes; each revalidates admin and public project lists and the reports. */
export function useAdminProjectActions() {
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const refresh = () => Promise.all([mutate(isProjectsKey), mutate(isReportsKey)]);
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
