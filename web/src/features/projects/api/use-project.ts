import { useEffect, useMemo, useRef } from 'react';
import { mutate } from 'swr';
import { useApi } from '../../../hooks/use-api';
import type { ProjectDetail } from '@vitrine/domain/answers';
import { callApi, endpoints } from '../../../lib/api';
import { viewOrigin } from '../../../lib/view-origin';
import { projectKey } from './keys';
import { useWithViewerState } from './use-viewer-state';

/**
 * GET /api/projects/{id} (shared by every visitor, with the rating distribution), with the viewer's
 * hasVoted, myRating and canEdit laid over it from the viewer-state call.
 */
export function useProject(id: number | null) {
  const result = useApi(id === null ? null : projectKey(id));
  const shared = useMemo(() => (result.data ? [result.data] : []), [result.data]);
  const [project] = useWithViewerState(shared);
  return { ...result, data: project };
}

/**
 * Records one view when a project page opens (POST /api/projects/{id}/view; it never votes), with
 * where the reader came from (lib/view-origin.ts), and puts the returned count into the cached project.
 */
export function useRecordView(id: number | null): void {
  const recorded = useRef<number | null>(null);
  useEffect(() => {
    if (id === null || recorded.current === id) return;
    // From a task of its own: the page's hydration runs this effect, and starting a request there
    // lengthened its long task.
    const timer = setTimeout(() => {
      recorded.current = id;
      callApi(endpoints.projects.view, { params: { id }, body: viewOrigin() })
        .then((answer) => {
          if (typeof answer?.views !== 'number') return;
          void mutate<ProjectDetail>(
            projectKey(id),
            (current) => (current ? { ...current, views: answer.views } : current),
            { revalidate: false },
          );
        })
        .catch(() => {
          // A lost view beacon is not worth bothering the reader with.
        });
    }, 0);
    return () => clearTimeout(timer);
  }, [id]);
}
