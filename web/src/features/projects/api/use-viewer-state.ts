import { useMemo } from 'react';
import useSWR from 'swr';
import type { Project, ViewerState } from '@vitrine/domain/answers';
import { fetcher } from '../../../lib/api';

/** Ids one viewer-state call carries at most (the server's MAX_VIEWER_STATE_IDS). */
const IDS_PER_CALL = 100;
/** The path of the viewer-state call; its SWR key starts with /api/projects, so project revalidations reach it. */
const VIEWER_STATE_PATH = '/api/projects/viewer-state?ids=';

/** SWR key of the viewer's state of `ids` (sorted, so the same set is one key), or null for none. */
export function viewerStateKey(ids: readonly number[]): string | null {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  return unique.length === 0 ? null : `${VIEWER_STATE_PATH}${unique.join(',')}`;
}

/** Reads the key's ids in calls of at most IDS_PER_CALL. */
async function fetchViewerState(key: string): Promise<ViewerState[]> {
  const ids = key.slice(VIEWER_STATE_PATH.length).split(',');
  const calls: Array<Promise<ViewerState[]>> = [];
  for (let i = 0; i < ids.length; i += IDS_PER_CALL)
    calls.push(fetcher<ViewerState[]>(`${VIEWER_STATE_PATH}${ids.slice(i, i + IDS_PER_CALL).join(',')}`));
  return (await Promise.all(calls)).flat();
}

/**
 * Lays the viewer's own state (hasVoted, myRating, canEdit) over projects read from the shared,
 * cached lists and pages, which answer the same to everyone (not voted, no rating, not editable).
 * Until the small private call answers, the shared values stand; what this browser itself wrote into
 * the shared answers (its optimistic vote, its rating) wins over the private call, which may be older.
 */
export function useWithViewerState<T extends Pick<Project, 'id' | 'hasVoted' | 'myRating' | 'canEdit'>>(
  projects: readonly T[],
): T[] {
  const key = viewerStateKey(projects.map((p) => p.id));
  const { data } = useSWR<ViewerState[]>(key, fetchViewerState);
  return useMemo(() => {
    if (!data) return [...projects];
    const byId = new Map(data.map((state) => [state.id, state]));
    return projects.map((p) => {
      const state = byId.get(p.id);
      if (!state) return p;
      // The shared answers say 'not voted, no rating, not editable' for everyone; a value this browser
      // wrote into them (an optimistic vote, a rating's answer) is newer than the private call's.
      return {
        ...p,
        hasVoted: p.hasVoted || state.hasVoted,
        myRating: p.myRating ?? state.myRating,
        canEdit: p.canEdit || state.canEdit,
      };
    });
  }, [projects, data]);
}
