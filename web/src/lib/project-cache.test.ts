import { describe, expect, it } from 'vitest';
import { SWRConfig, type Cache, type ScopedMutator } from 'swr';
import { ApiError } from './api';
import {
  applyCommentCount,
  applyLiveCounts,
  keysShowing,
  patchProject,
  showsProject,
  updateCachedProject,
  voteInCache,
} from './project-cache';

const project = (id: number, votes: number, extra: Record<string, unknown> = {}) => ({
  id,
  votes,
  hasVoted: false,
  averageRating: 0,
  totalRatings: 0,
  ...extra,
});

/** SWR's default cache (the one the app uses: no custom provider) holding only `entries` (key -> data). */
function swrWith(entries: Record<string, unknown>): {
  cache: Cache;
  mutate: ScopedMutator;
  data: (key: string) => unknown;
} {
  const { cache, mutate } = SWRConfig.defaultValue;
  for (const key of [...cache.keys()]) cache.delete(key);
  for (const [key, data] of Object.entries(entries)) cache.set(key, { data });
  return { cache, mutate, data: (key) => cache.get(key)?.data };
}

describe('lib/project-cache: patching a project wherever it is shown', () => {
  it('patches a project, a list, the pages of a paged list and a profile, and keeps untouched data identical', () => {
    const list = [project(1, 3), project(2, 5)];
    const patched = patchProject(list, 2, (p) => ({ votes: p.votes + 1 }));
    expect(patched).toEqual([project(1, 3), project(2, 6)]);
    expect(patched[0]).toBe(list[0]);
    expect(patchProject(list, 9, () => ({ votes: 1 }))).toBe(list);
    const pages = [
      { rows: [project(1, 3)], next: '/api/projects?after=1' },
      { rows: [project(2, 5)], next: null },
    ];
    const patchedPages = patchProject(pages, 1, () => ({ votes: 4 }));
    expect(patchedPages).toEqual([
      { rows: [project(1, 4)], next: '/api/projects?after=1' },
      { rows: [project(2, 5)], next: null },
    ]);
    expect(patchedPages[1]).toBe(pages[1]);
    const profile = { user: { username: 'ada' }, projects: [{ id: 2, votes: 5, title: 'x' }] };
    expect(patchProject(profile, 2, () => ({ votes: 6, hasVoted: true }))).toEqual({
      user: { username: 'ada' },
      projects: [{ id: 2, votes: 6, title: 'x' }],
    });
    expect(patchProject('text', 2, () => ({ votes: 6 }))).toBe('text');
  });

  it('only writes fields the cached object has', () => {
    expect(patchProject({ id: 1, votes: 1 }, 1, () => ({ votes: 2, averageRating: 7 }))).toEqual({ id: 1, votes: 2 });
  });

  it('finds the cached answers showing a project, skipping ranged leaderboards and other data', () => {
    const { cache } = swrWith({
      '/api/projects/1': project(1, 2),
      '$inf$/api/projects?offset=0&limit=6&sort=newest': [
        { rows: [project(1, 2)], next: '/api/projects?offset=0&limit=6&sort=newest&after=1' },
        { rows: [project(3, 1)], next: null },
      ],
      '/api/projects/leaderboard?timeRange=month': [project(1, 1)],
      '/api/admin/reports?status=pending': [{ id: 1, votes: 0 }],
      '/api/projects/2': project(2, 2),
    });
    expect(keysShowing({ cache }, 1)).toEqual(['/api/projects/1', '$inf$/api/projects?offset=0&limit=6&sort=newest']);
    expect(showsProject({ projects: [project(4, 0)] }, 4)).toBe(true);
  });
});

describe('lib/project-cache: live counts and votes through SWR', () => {
  it('a push raises votes (never lowers them) and replaces ratings everywhere the project is shown', async () => {
    const swr = swrWith({
      '/api/projects/1': project(1, 5),
      '/api/projects/trending?period=week': [project(1, 5), project(2, 1)],
    });
    await applyLiveCounts(swr, { id: 1, votes: 6, averageRating: 8.5, totalRatings: 2 });
    expect(swr.data('/api/projects/1')).toEqual(project(1, 6, { averageRating: 8.5, totalRatings: 2 }));
    expect(swr.data('/api/projects/trending?period=week')).toEqual([
      project(1, 6, { averageRating: 8.5, totalRatings: 2 }),
      project(2, 1),
    ]);
    await applyLiveCounts(swr, { id: 1, votes: 4, averageRating: 8.5, totalRatings: 2 });
    expect(swr.data('/api/projects/1')).toMatchObject({ votes: 6 });
  });

  it("a comment push sets the project's comment count on its page and every list showing it, and only there", async () => {
    const swr = swrWith({
      '/api/projects/1': project(1, 5, { commentCount: 2 }),
      '/api/projects?sort=latest': [project(1, 5, { commentCount: 2 }), project(2, 1, { commentCount: 7 })],
    });
    await applyCommentCount(swr, { projectId: 1, commentCount: 3 });
    expect(swr.data('/api/projects/1')).toEqual(project(1, 5, { commentCount: 3 }));
    expect(swr.data('/api/projects?sort=latest')).toEqual([
      project(1, 5, { commentCount: 3 }),
      project(2, 1, { commentCount: 7 }),
    ]);
    // A deletion lowers it: the push carries the server's count, not a step.
    await applyCommentCount(swr, { projectId: 1, commentCount: 1 });
    expect(swr.data('/api/projects/1')).toMatchObject({ commentCount: 1 });
  });

  it('a vote shows at once, then takes the server count', async () => {
    const swr = swrWith({
      '/api/projects/1': project(1, 5),
      '/api/users/ada': { user: {}, projects: [{ id: 1, votes: 5 }] },
    });
    let answer!: (value: { votes: number }) => void;
    const voting = voteInCache(swr, 1, new Promise((resolve) => (answer = resolve)));
    await Promise.resolve();
    expect(swr.data('/api/projects/1')).toEqual(project(1, 6, { hasVoted: true }));
    expect(swr.data('/api/users/ada')).toEqual({ user: {}, projects: [{ id: 1, votes: 6 }] });
    answer({ votes: 9 });
    await voting;
    expect(swr.data('/api/projects/1')).toEqual(project(1, 9, { hasVoted: true }));
  });

  it('a failed vote rolls back and rethrows; a 409 is then marked voted with the count it had', async () => {
    const swr = swrWith({ '/api/projects/1': project(1, 5) });
    const conflict = new ApiError(409, 'Conflict', '{"message":"Already voted"}');
    await expect(voteInCache(swr, 1, Promise.reject(conflict))).rejects.toBe(conflict);
    expect(swr.data('/api/projects/1')).toEqual(project(1, 5));
    await updateCachedProject(swr, 1, () => ({ hasVoted: true }));
    expect(swr.data('/api/projects/1')).toEqual(project(1, 5, { hasVoted: true }));
  });

  it('a push that lands while the vote is in flight keeps the vote shown', async () => {
    const swr = swrWith({ '/api/projects/1': project(1, 5) });
    let answer!: (value: { votes: number }) => void;
    const voting = voteInCache(swr, 1, new Promise((resolve) => (answer = resolve)));
    await applyLiveCounts(swr, { id: 1, votes: 6, averageRating: 0, totalRatings: 0 });
    expect(swr.data('/api/projects/1')).toEqual(project(1, 6, { hasVoted: true }));
    answer({ votes: 6 });
    await voting;
    expect(swr.data('/api/projects/1')).toEqual(project(1, 6, { hasVoted: true }));
  });

  it('reaches answers the server rendered (SWR fallback) that were never fetched: a push, a vote, a rollback', async () => {
    const swr = {
      ...swrWith({}),
      fallback: {
        '/api/projects/1': project(1, 5),
        '$inf$/api/projects?offset=0&limit=6&sort=newest': [{ rows: [project(1, 5)], next: null }],
      },
    };
    await applyLiveCounts(swr, { id: 1, votes: 6, averageRating: 7, totalRatings: 1 });
    expect(swr.data('/api/projects/1')).toEqual(project(1, 6, { averageRating: 7, totalRatings: 1 }));
    expect(swr.data('$inf$/api/projects?offset=0&limit=6&sort=newest')).toEqual([
      { rows: [project(1, 6, { averageRating: 7, totalRatings: 1 })], next: null },
    ]);

    const fresh = { ...swrWith({}), fallback: { '/api/projects/2': project(2, 3) } };
    await voteInCache(fresh, 2, Promise.resolve({ votes: 4 }));
    expect(fresh.data('/api/projects/2')).toEqual(project(2, 4, { hasVoted: true }));
    const failing = { ...swrWith({}), fallback: { '/api/projects/3': project(3, 3) } };
    await expect(voteInCache(failing, 3, Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(failing.data('/api/projects/3')).toBeUndefined();
  });
});
