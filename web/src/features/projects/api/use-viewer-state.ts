import { useMemo } from 'react';
import type { Project, ViewerState } from '@vitrine/domain/answers';
import { apiKey, callApi, endpoints } from '../../../lib/api';
import { useApi } from '../../../hooks/use-api';

/** Ids one viewer-state call carries at most (the server's MAX_VIEWER_STATE_IDS). */
const IDS_PER_CALL = 100;
/** The distinct ids, sorted, so the same set is one key. */
function uniqueIds(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/**
 * SWR key of the viewer's state of `ids`, or null for none; it starts with the project lists' prefix,
 * so project revalidations reach it.
 */
export function viewerStateKey(ids: readonly number[]) {
  const unique = uniqueIds(ids);
  return unique.length === 0 ? null : apiKey(endpoints.projects.viewerState, { query: { ids: unique } });
}

/** Reads the viewer's state of `ids` in calls of at most IDS_PER_CALL. */
async function fetchViewerState(ids: readonly number[]): Promise<ViewerState[]> {
  const calls: Array<Promise<ViewerState[]>> = [];
  for (let i = 0; i < ids.length; i += IDS_PER_CALL)
    calls.push(callApi(endpoints.projects.viewerState, { query: { ids: ids.slice(i, i + IDS_PER_CALL) } }));
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
  const ids = uniqueIds(projects.map((p) => p.id));
  // The key names exactly these ids, so the fetcher may read them from here.
  const { data } = useApi(viewerStateKey(ids), undefined, () => fetchViewerState(ids));
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
