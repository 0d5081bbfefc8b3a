import { useEffect, useRef } from 'react';
import useSWR, { mutate } from 'swr';
import type { ProjectDetail } from '@vitrine/domain/types';
import { apiJson } from '../../../lib/api';
import { projectKey } from './keys';

/** GET /api/projects/{id} (with the viewer's hasVoted, myRating, canEdit and the rating distribution). */
export function useProject(id: number | null) {
  return useSWR<ProjectDetail>(id === null ? null : projectKey(id));
}

/**
 * Records one view when a project page opens (POST /api/projects/{id}/view; it never votes) and
 * puts the returned count into the cached project.
 */
export function useRecordView(id: number | null): void {
  const recorded = useRef<number | null>(null);
  useEffect(() => {
    if (id === null || recorded.current === id) return;
    recorded.current = id;
    apiJson<{ views: number }>('POST', `/api/projects/${id}/view`)
      .then((answer) => {
        if (typeof answer?.views !== 'number') return;
        void mutate<ProjectDetail>(projectKey(id), (current) => (current ? { ...current, views: answer.views } : current), { revalidate: false });
      })
      .catch(() => {
        // A lost view beacon is not worth bothering the reader with.
      });
  }, [id]);
}
