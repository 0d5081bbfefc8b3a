/**
 * A project's counts live in one place on the client: the SWR cache, in every answer that shows the
 * project (its page, list pages, the all-time leaderboard, profiles). Live pushes and this viewer's
 * votes are written there, so every card, row and page showing the project agrees.
 */
import type { Cache, ScopedMutator } from 'swr';
import { takesLiveCounts } from './live-keys';

/** The SWR cache, its mutate and the server render's data (all three from `useSWRConfig()`). */
export interface SwrCache {
  cache: Cache;
  mutate: ScopedMutator;
  /**
   * SWR `fallback`: the data of the server render (web/src/entry-server.tsx), which a hook shows until
   * its key is first fetched or written; it is not in `cache`, so it is looked up here too.
   */
  fallback?: Record<string, unknown>;
}

/** What the hooks reading `key` show now: the cached answer, else the server render's. */
function shownData({ cache, fallback }: Pick<SwrCache, 'cache' | 'fallback'>, key: string): unknown {
  const cached: unknown = cache.get(key)?.data;
  return cached === undefined ? fallback?.[key] : cached;
}

/** The fields a project's counts change; only fields the cached object already has are written. */
export interface CountsPatch {
  votes?: number;
  hasVoted?: boolean;
  averageRating?: number;
  totalRatings?: number;
  commentCount?: number;
}

/** A project as answers carry it: at least an id and its votes. */
interface Counted {
  id: number;
  votes: number;
}

/** The field of an answer that holds projects: a profile's `projects` (GET /api/users/{username}) or a list page's `rows` (hooks/use-list.ts). */
const PROJECT_FIELDS = ['projects', 'rows'] as const;

/** The projects an answer holds in one of PROJECT_FIELDS, with that field's name, else null. */
function projectsOf(data: unknown): { field: (typeof PROJECT_FIELDS)[number]; projects: unknown[] } | null {
  if (typeof data !== 'object' || data === null) return null;
  for (const field of PROJECT_FIELDS) {
    const projects = (data as Record<string, unknown>)[field];
    if (Array.isArray(projects)) return { field, projects };
  }
  return null;
}

function isCounted(value: unknown): value is Counted & Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Counted).id === 'number' &&
    typeof (value as Counted).votes === 'number'
  );
}

/** `project` with the fields of `patch` it has; the same object when nothing changes. */
function patchOne<T extends Counted & Record<string, unknown>>(project: T, patch: CountsPatch): T {
  let next: T | null = null;
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined || !(field in project) || project[field] === value) continue;
    next ??= { ...project };
    (next as Record<string, unknown>)[field] = value;
  }
  return next ?? project;
}

/**
 * `data` with project `id` changed by `change` wherever it appears: the project itself, a list, the
 * pages of a paged list (their `rows`), or a profile's `projects`. Returns `data` itself when nothing changed.
 */
export function patchProject<T>(data: T, id: number, change: (project: Counted) => CountsPatch): T {
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((item: unknown) => {
      const patched = patchProject(item, id, change);
      if (patched !== item) changed = true;
      return patched;
    });
    return (changed ? next : data) as T;
  }
  if (isCounted(data)) return data.id === id ? patchOne(data, change(data)) : data;
  const held = projectsOf(data);
  if (!held) return data;
  const patched = patchProject(held.projects, id, change);
  return (patched === held.projects ? data : { ...data, [held.field]: patched }) as T;
}

/** True when `data` shows project `id` (the same shapes `patchProject` walks). */
export function showsProject(data: unknown, id: number): boolean {
  if (Array.isArray(data)) return data.some((item: unknown) => showsProject(item, id));
  if (isCounted(data)) return data.id === id;
  const held = projectsOf(data);
  return held !== null && showsProject(held.projects, id);
}

/** The keys (cached or server-rendered) whose answers show project `id` with its all-time counts. */
export function keysShowing(swr: Pick<SwrCache, 'cache' | 'fallback'>, id: number): string[] {
  const keys = new Set([...swr.cache.keys(), ...Object.keys(swr.fallback ?? {})]);
  return [...keys].filter((key) => takesLiveCounts(key) && showsProject(shownData(swr, key), id));
}

/**
 * Writes `change` into every cached answer showing project `id`, as displayed now (an optimistic vote
 * in flight included), without refetching.
 */
export async function updateCachedProject(
  swr: SwrCache,
  id: number,
  change: (project: Counted) => CountsPatch,
): Promise<void> {
  await Promise.all(
    keysShowing(swr, id).map((key) => {
      const shown = shownData(swr, key);
      const next = patchProject(shown, id, change);
      return next === shown ? undefined : swr.mutate(key, next, { revalidate: false });
    }),
  );
}

/** A `project:counts` push: votes only grow (a push never undoes what this viewer just saw), ratings are replaced. */
export function applyLiveCounts(
  swr: SwrCache,
  counts: { id: number; votes: number; averageRating: number; totalRatings: number },
): Promise<void> {
  return updateCachedProject(swr, counts.id, (project) => ({
    votes: Math.max(project.votes, counts.votes),
    averageRating: counts.averageRating,
    totalRatings: counts.totalRatings,
  }));
}

/** A `comment:created|updated|deleted` push: the project's comment count as the server counted it after the change. */
export function applyCommentCount(swr: SwrCache, push: { projectId: number; commentCount: number }): Promise<void> {
  return updateCachedProject(swr, push.projectId, () => ({ commentCount: push.commentCount }));
}

/**
 * This viewer's vote through SWR: every cached answer showing the project shows the vote at once
 * (`optimisticData`), takes the server's count when `request` answers, and rolls back if it fails
 * (the error is rethrown for the caller's toast).
 */
export async function voteInCache(swr: SwrCache, id: number, request: Promise<{ votes: number }>): Promise<void> {
  await Promise.all([
    request,
    ...keysShowing(swr, id).map((key) => {
      // SWR hands these the cached answer: undefined while the hook still shows the server render's.
      const shown = (current: unknown) => (current === undefined ? shownData(swr, key) : current);
      return swr.mutate(key, request, {
        optimisticData: (current: unknown) =>
          patchProject(shown(current), id, (p) => ({ votes: p.votes + 1, hasVoted: true })),
        populateCache: (result: { votes: number }, current: unknown) =>
          patchProject(shown(current), id, () => ({ votes: result.votes, hasVoted: true })),
        rollbackOnError: true,
        revalidate: false,
      });
    }),
  ]);
}
