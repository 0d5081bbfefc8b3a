import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { useList } from '../../../hooks/use-list';
import { callApi, endpoints } from '../../../lib/api';
import { revalidate } from '../../../lib/revalidate';
import { adminProjectsKey } from './keys';

/** The Projects tab list, 100 a page (GET /api/admin/projects: all, hidden included), narrowed when `q` is given. */
export function useAdminProjects(q = '') {
  return useList(adminProjectsKey(q), { revalidateOnMount: true, keepPreviousData: true });
}

/** Project moderation writes; each revalidates admin and public project lists and the reports. */
export function useAdminProjectActions() {
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const refresh = () => revalidate(['projects', 'reports'], mutate);
    return {
      /** PATCH /api/admin/projects/{id}/visibility, with the public reason (the moderation log) when given */
      async setHidden(id: number, hidden: boolean, reason?: string): Promise<void> {
        await callApi(endpoints.admin.setProjectVisibility, { params: { projectId: id }, body: { hidden, reason } });
        await refresh();
      },
      /** DELETE /api/admin/projects/{id}, with the public reason (the moderation log) */
      async remove(id: number, reason = ''): Promise<void> {
        await callApi(endpoints.admin.removeProject, { params: { id }, body: { reason } });
        await refresh();
      },
    };
  }, [mutate]);
}
