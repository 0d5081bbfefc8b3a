import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { getLiveCounts, getLiveCountsVersion, subscribeLiveCounts, watchProjects, type LiveCounts } from '../lib/socket';

export type { LiveCounts };

/**
 * Live vote and rating counts of the projects a screen shows. Watches `ids` while mounted (the
 * server then pushes `project:counts` for them) and returns the counts pushed so far, by id; an id
 * with no push yet is absent, so the fetched value stands. Pass the ids of the cards on screen:
 *
 *   const live = useLiveProjectCounts(projects.map((p) => p.id));
 *   const votes = live.get(project.id)?.votes ?? project.votes;
 */
export function useLiveProjectCounts(ids: readonly number[]): ReadonlyMap<number, LiveCounts> {
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (!key) return;
    return watchProjects(key.split(',').map(Number));
  }, [key]);
  const version = useSyncExternalStore(subscribeLiveCounts, getLiveCountsVersion, getLiveCountsVersion);
  return useMemo(() => {
    const map = new Map<number, LiveCounts>();
    if (!key) return map;
    for (const id of key.split(',').map(Number)) {
      const live = getLiveCounts(id);
      if (live) map.set(id, live);
    }
    return map;
    // `version` is what changes when a push arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version]);
}

/** What a live push can update: a project's votes, and its rating fields when the object has them. */
interface Counted {
  id: number;
  votes: number;
  averageRating?: number | string;
  totalRatings?: number;
}

/**
 * One project with its live counts laid over the fetched ones: votes always, averageRating and
 * totalRatings when the object carries them. Watches the project while mounted. For a card, the
 * detail page or a vote button: `const shown = useLiveProject(project)`. Undefined in, undefined out.
 */
export function useLiveProject<T extends Counted>(project: T): T;
export function useLiveProject<T extends Counted>(project: T | undefined | null): T | undefined;
export function useLiveProject<T extends Counted>(project: T | undefined | null): T | undefined {
  const live = useLiveProjectCounts(project ? [project.id] : []).get(project?.id ?? -1);
  return useMemo(() => {
    if (!project) return undefined;
    if (!live) return project;
    // Votes only grow: a push never shows fewer than this viewer just got from the API.
    const next: T = { ...project, votes: Math.max(project.votes, live.votes) };
    if ('averageRating' in project) next.averageRating = live.averageRating;
    if ('totalRatings' in project) next.totalRatings = live.totalRatings;
    return next;
  }, [project, live]);
}
