import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { callApi, endpoints } from '../../../lib/api';
import { revalidate } from '../../../lib/revalidate';
import { adminProjectsKey } from './keys';

/** The Projects tab list, 100 a page (GET /api/admin/projects: all, hidden included), narrowed when `q` is given. */
export function useAdminProjects(q = '') {
  return useKeysetList(adminProjectsKey(q), { keepPreviousData: true });
}

/** Project moderation writes; each revalidates admin and public project lists and the reports. */
export function useAdminProjectActions() {
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const refresh = () => revalidate(['projects', 'reports'], mutate);
    return {
      /** PATCH /api/admin/projects/{id}/visibility */
      async setHidden(id: number, hidden: boolean): Promise<void> {
        await callApi(endpoints.admin.setProjectVisibility, { params: { projectId: id }, body: { hidden } });
        await refresh();
      },
      /** DELETE /api/admin/projects/{id} */
      async remove(id: number): Promise<void> {
        await callApi(endpoints.admin.removeProject, { params: { id } });
        await refresh();
      },
    };
  }, [mutate]);
}
