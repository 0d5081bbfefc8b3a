import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { DEEP_OFFSET_MESSAGE } from '@vitrine/domain/schemas/paging';
import { makeRankingQueries, restartRunningTotals } from '@vitrine/db/queries/rankings';
import type Test from 'supertest/lib/test';
import { endpoints } from '@vitrine/domain/endpoints';
import { answerOf, call, callLoosely, makeTestApp, randomIp, type TestApp } from '../testing';
import { EDIT_FORBIDDEN } from '../commands/project-updater';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A valid submission with a unique title. */
const submission = (change: Record<string, unknown> = {}) => ({
  title: `Submitted ${Math.random().toString(36).slice(2, 10)}`,
  description: 'A project submitted through the API in a test.',
  replitUrl: 'https://someone-app.example/',
  category: 'Game' as const,
  tags: ' canvas, Canvas ,  physics,',
  ...change,
});

/** Events recorded for a project. */
async function eventsOf(projectId: number) {
  return t.deps.sql<{ name: string; payload: Record<string, unknown> }[]>`
    SELECT name, payload FROM events WHERE (payload->>'projectId')::int = ${projectId} ORDER BY id`;
}

/** Inserts a vote row directly (for ranking fixtures), keeping the counter in step. */
async function addVote(projectId: number, createdAt: Date, userId: number | null = null) {
  await t.deps
    .sql`INSERT INTO votes (project_id, user_id, ip_address, created_at) VALUES (${projectId}, ${userId}, ${randomIp()}, ${createdAt})`;
  await t.deps.sql`UPDATE projects SET votes = votes + 1 WHERE id = ${projectId}`;
}

/**
 * Every entry of a ranked list, page by page (other test files add projects to the shared database):
 * `list` calls the list with the paging it is given.
 */
async function allPages<T>(list: (paging: { limit: number; offset: number }) => Test): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = (await list({ limit: 100, offset })).body as T[];
    all.push(...page);
    if (page.length < 100) return all;
  }
}

const PROJECT_KEYS = [
  'averageRating',
  'canEdit',
  'category',
  'commentCount',
  'cover',
  'createdAt',
  'description',
  'downSince',
  'hasVoted',
  'id',
  'isHidden',
  'myRating',
  'ownerTier',
  'replitUrl',
  'reportCount',
  'tags',
  'title',
  'totalRatings',
  'userId',
  'username',
  'views',
  'votes',
].sort();

describe('GET /api/projects', () => {
  it('answers a page of 6 visible projects, newest first, in the Project shape, never a hidden one', async () => {
    const owner = await buildUser(t.deps.sql);
    const older = await buildProject(t.deps.sql, { userId: owner.id, createdAt: new Date(Date.now() - 1000) });
    const newer = await buildProject(t.deps.sql, { userId: owner.id });
    const hidden = await buildProject(t.deps.sql, {
      userId: owner.id,
      isHidden: true,
      createdAt: new Date(Date.now() + 1000),
    });
    for (let i = 0; i < 5; i += 1)
      await buildProject(t.deps.sql, { userId: owner.id, createdAt: new Date(Date.now() - 5000) });
    const res = await call(t.agent(), endpoints.projects.latest);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(6);
    expect(Object.keys(res.body[0]).sort()).toEqual(PROJECT_KEYS);
    const all = (await call(t.agent(), endpoints.projects.latest, { query: { limit: 100 } })).body as Array<{
      id: number;
      createdAt: string;
      username: string;
    }>;
    const ids = all.map((p) => p.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(all.find((p) => p.id === newer.id)!.username).toBe(owner.username);
    const times = all.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('sorts the whole set on the server by votes or views, and pages with offset', async () => {
    const top = await buildProject(t.deps.sql, { votes: 9_000_002, views: 1 });
    const second = await buildProject(t.deps.sql, { votes: 9_000_001, views: 9_000_003 });
    await buildProject(t.deps.sql, { votes: 9_000_005, views: 9_000_005, isHidden: true });
    const byVotes = (await call(t.agent(), endpoints.projects.latest, { query: { sort: 'votes', limit: 2 } }))
      .body as Array<{ id: number }>;
    expect(byVotes.map((p) => p.id)).toEqual([top.id, second.id]);
    const page2 = (await call(t.agent(), endpoints.projects.latest, { query: { sort: 'votes', offset: 1, limit: 1 } }))
      .body as Array<{ id: number }>;
    expect(page2.map((p) => p.id)).toEqual([second.id]);
    const byViews = (await call(t.agent(), endpoints.projects.latest, { query: { sort: 'views', limit: 1 } }))
      .body as Array<{ id: number }>;
    expect(byViews[0]!.id).toBe(second.id);
  });

  it.each(['newest', 'votes', 'views'] as const)(
    'pages by keyset (after the last id shown) exactly as by offset, sorted by %s',
    async (sort) => {
      for (let i = 0; i < 5; i++)
        await buildProject(t.deps.sql, { votes: 8_000_000 + (i % 2), views: 8_000_000 + (i % 3) });
      const byOffset = (await call(t.agent(), endpoints.projects.latest, { query: { sort, limit: 12 } }))
        .body as Array<{ id: number }>;
      const pages: number[] = [];
      let after: number | undefined;
      for (let page = 0; page < 4; page++) {
        const res = await call(t.agent(), endpoints.projects.latest, { query: { sort, limit: 3, after } });
        expect(res.status).toBe(200);
        const ids = answerOf(endpoints.projects.latest, res).map((p) => p.id);
        pages.push(...ids);
        after = ids.at(-1);
      }
      expect(pages).toEqual(byOffset.map((p) => p.id));
      expect((await call(t.agent(), endpoints.projects.latest, { query: { sort, after: 0 } })).body).toEqual({
        message: 'after must be a project id',
      });
    },
  );

  it('answers every viewer the same shared list; hasVoted, myRating and canEdit come from viewer-state', async () => {
    const { user, agent } = await t.member();
    const mine = await buildProject(t.deps.sql, { userId: user.id, votes: 9_500_000 });
    const other = await buildProject(t.deps.sql);
    const hidden = await buildProject(t.deps.sql, { isHidden: true });
    await t.deps
      .sql`INSERT INTO votes (project_id, user_id, ip_address) VALUES (${mine.id}, ${user.id}, '203.0.113.9')`;
    await t.deps
      .sql`INSERT INTO ratings (project_id, user_id, ip_address, rating) VALUES (${mine.id}, ${user.id}, '203.0.113.9', 8)`;
    const ownerList = await call(agent, endpoints.projects.latest, { query: { sort: 'votes', limit: 100 } });
    const visitorList = await call(t.agent(), endpoints.projects.latest, { query: { sort: 'votes', limit: 100 } }).set(
      'X-Forwarded-For',
      '203.0.113.9',
    );
    expect(ownerList.headers.etag).toBe(visitorList.headers.etag);
    expect(ownerList.headers['cache-control']).toMatch(/^public, max-age=0, must-revalidate, s-maxage=\d+$/);
    expect(ownerList.headers['cdn-cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    const shared = answerOf(endpoints.projects.latest, ownerList).find((p) => p.id === mine.id)!;
    expect(shared).toMatchObject({ hasVoted: false, myRating: null, canEdit: false });
    const ids = [mine.id, other.id, hidden.id];
    const asOwner = await call(agent, endpoints.projects.viewerState, { query: { ids } });
    expect(asOwner.headers['cache-control']).toBe('private, no-store');
    expect(asOwner.body).toEqual([
      { id: mine.id, hasVoted: true, myRating: 8, canEdit: true },
      { id: other.id, hasVoted: false, myRating: null, canEdit: false },
    ]);
    const asVisitor = await call(t.agent(), endpoints.projects.viewerState, { query: { ids } }).set(
      'X-Forwarded-For',
      '203.0.113.9',
    );
    expect(asVisitor.body).toEqual([
      { id: mine.id, hasVoted: false, myRating: null, canEdit: false },
      { id: other.id, hasVoted: false, myRating: null, canEdit: false },
    ]);
  });

  it.each([
    ['', 'ids must be a comma-separated list of project ids'],
    ['ids=', 'ids must be a comma-separated list of project ids'],
    ['ids=1,,2', 'ids must be a comma-separated list of project ids'],
    ['ids=-1', 'ids must be a comma-separated list of project ids'],
    ['ids=99999999999', 'ids must be a comma-separated list of project ids'],
    [`ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, 'ids must list at most 100 projects'],
  ])('viewer-state refuses %s with 400', async (query, message) => {
    // The query string as the URL carries it is the point: a present but blank ids (which urlOf leaves out)
    // and malformed comma lists.
    // eslint-disable-next-line no-restricted-syntax -- the URL as written is what is tested
    const res = await t.agent().get(`/api/projects/viewer-state?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('answers 304 to a matching If-None-Match, and a new ETag once a vote changed the list', async () => {
    const project = await buildProject(t.deps.sql, { votes: 9_400_000 });
    const first = await call(t.agent(), endpoints.projects.latest, { query: { sort: 'votes', limit: 100 } });
    const again = await call(t.agent(), endpoints.projects.latest, { query: { sort: 'votes', limit: 100 } }).set(
      'If-None-Match',
      first.headers.etag!,
    );
    expect(again.status).toBe(304);
    expect(
      (
        await call(t.agent(), endpoints.projects.vote, { params: { id: project.id } }).set(
          'X-Forwarded-For',
          randomIp(),
        )
      ).status,
    ).toBe(200);
    const after = await call(t.agent(), endpoints.projects.latest, { query: { sort: 'votes', limit: 100 } }).set(
      'If-None-Match',
      first.headers.etag!,
    );
    expect(after.status).toBe(200);
    expect(answerOf(endpoints.projects.latest, after).find((p) => p.id === project.id)!.votes).toBe(9_400_001);
  });

  it.each([
    [{ limit: 0 }, 'limit must be a whole number from 1 to 100'],
    [{ limit: 101 }, 'limit must be a whole number from 1 to 100'],
    [{ limit: 'abc' }, 'limit must be a whole number from 1 to 100'],
    [{ limit: 2.5 }, 'limit must be a whole number from 1 to 100'],
    [{ offset: -1 }, 'offset must be a whole number of 0 or more'],
    [{ offset: 99999999999 }, DEEP_OFFSET_MESSAGE],
    [{ offset: 1001 }, DEEP_OFFSET_MESSAGE],
    [{ sort: 'random' }, 'sort must be newest, votes, views or updated'],
  ])('refuses %j with 400', async (query, message) => {
    const res = await callLoosely(t.agent(), endpoints.projects.latest, { query });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('refuses limit=1&limit=2 with 400', async () => {
    // eslint-disable-next-line no-restricted-syntax -- A query string with a repeated key: only a literal URL carries one
    const res = await t.agent().get('/api/projects?limit=1&limit=2');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'limit must be a whole number from 1 to 100' });
  });
});

/**
 * Votes written with past dates, as these tests do, are older than a tally that another test file's
 * recompute may have advanced past them (the files share one database): the tallies start again, so
 * the next recompute reads its whole window (db/src/queries/tallies.ts); so do the top contributors.
 */
const restartTallies = () => restartRunningTotals(t.deps.sql);

describe('deep pages', () => {
  it.each([
    { endpoint: endpoints.projects.latest, query: { offset: 999000, limit: 100 } },
    { endpoint: endpoints.projects.latest, query: { offset: 5000, sort: 'votes' } },
    { endpoint: endpoints.projects.trending, query: { offset: 1001 } },
    { endpoint: endpoints.projects.leaderboard, query: { offset: 999000 } },
  ])('$endpoint.path refuses $query with a 400 that points to after', async ({ endpoint, query }) => {
    const res = await callLoosely(t.agent(), endpoint, { query });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: DEEP_OFFSET_MESSAGE });
    expect(res.body.message).toContain('after=');
  });

  it('reads trending page after page by keyset, the same projects as by offset', async () => {
    await restartTallies();
    const projects = await Promise.all(Array.from({ length: 5 }, () => buildProject(t.deps.sql)));
    for (const [i, project] of projects.entries()) {
      for (let v = 0; v <= i; v++)
        await call(t.agent(), endpoints.projects.vote, { params: { id: project.id } }).set(
          'X-Forwarded-For',
          randomIp(),
        );
    }
    await makeRankingQueries(t.deps.sql).recomputeTrending('today');
    // A limit no other test reads, so no other test is answered this page from the shared read cache.
    const byOffset = (await call(t.agent(), endpoints.projects.trending, { query: { period: 'today', limit: 97 } }))
      .body as Array<{
      id: number;
    }>;
    const byKeyset: number[] = [];
    let after: number | undefined;
    for (;;) {
      const res = await call(t.agent(), endpoints.projects.trending, { query: { period: 'today', limit: 3, after } });
      expect(res.status).toBe(200);
      const page = answerOf(endpoints.projects.trending, res);
      byKeyset.push(...page.map((p) => p.id));
      if (page.length < 3) break;
      after = page.at(-1)!.id;
    }
    expect(byKeyset).toEqual(byOffset.map((p) => p.id));
    expect(byKeyset.length).toBeGreaterThanOrEqual(5);
  });
});

describe('GET /api/projects/trending, /leaderboard, /top-contributors', () => {
  it('ranks trending by decayed weighted votes of the period; hidden projects and old votes left out', async () => {
    const now = Date.now();
    const hot = await buildProject(t.deps.sql);
    const warm = await buildProject(t.deps.sql);
    const old = await buildProject(t.deps.sql);
    const hidden = await buildProject(t.deps.sql, { isHidden: true });
    for (let i = 0; i < 40; i += 1) await addVote(hot.id, new Date(now - 60_000));
    for (let i = 0; i < 30; i += 1) await addVote(warm.id, new Date(now - 3 * 3600_000));
    for (let i = 0; i < 60; i += 1) await addVote(hidden.id, new Date(now - 60_000));
    await addVote(old.id, new Date(now - 3 * 24 * 3600_000));
    await restartTallies();
    await makeRankingQueries(t.deps.sql).recomputeTrending('today');
    await makeRankingQueries(t.deps.sql).recomputeTrending('week');
    const today = await allPages<{ id: number }>((paging) =>
      call(t.agent(), endpoints.projects.trending, { query: { period: 'today', ...paging } }),
    );
    const ids = today.map((p) => p.id);
    expect(ids.indexOf(hot.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(hot.id)).toBeLessThan(ids.indexOf(warm.id));
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(old.id);
    const week = await allPages<{ id: number }>((paging) =>
      call(t.agent(), endpoints.projects.trending, { query: { period: 'week', ...paging } }),
    );
    expect(week.map((p) => p.id)).toContain(old.id);
    expect(Object.keys(week[0]!).sort()).toEqual(PROJECT_KEYS);
  });

  it('ranks the leaderboard by weighted votes in the range, with rank and the range count as votes', async () => {
    const now = Date.now();
    const a = await buildProject(t.deps.sql);
    for (let i = 0; i < 3; i += 1) await addVote(a.id, new Date(now - 60_000));
    for (let i = 0; i < 5; i += 1) await addVote(a.id, new Date(now - 40 * 24 * 3600_000));
    await t.deps
      .sql`UPDATE projects SET votes = votes + 9000000, weighted_votes = weighted_votes + 9000000 WHERE id = ${a.id}`;
    await restartTallies();
    const ranking = makeRankingQueries(t.deps.sql);
    await ranking.recomputeLeaderboard('all');
    await ranking.recomputeLeaderboard('week');
    const all = await allPages<{ id: number; rank: number; votes: number }>((paging) =>
      call(t.agent(), endpoints.projects.leaderboard, { query: { timeRange: 'all', ...paging } }),
    );
    const entry = all.find((e) => e.id === a.id)!;
    expect(entry.votes).toBe(9_000_008);
    expect(all.map((e) => e.rank)).toEqual(all.map((_, i) => i + 1));
    const week = await allPages<{ id: number; votes: number }>((paging) =>
      call(t.agent(), endpoints.projects.leaderboard, { query: { timeRange: 'week', ...paging } }),
    );
    expect(week.find((e) => e.id === a.id)!.votes).toBe(3);
    // The order is by weight (a visitor's vote weighs less than a member's), the count shown is raw.
    const weights = await t.deps.sql<{ projectId: number; weight: number }[]>`
      SELECT project_id, weight FROM leaderboard_entries WHERE time_range = 'week'`;
    const weightOf = new Map(weights.map((w) => [w.projectId, w.weight]));
    const ordered = week.map((e) => weightOf.get(e.id)!);
    expect(ordered).toEqual([...ordered].sort((x, y) => y - x));
    const defaults = await call(t.agent(), endpoints.projects.leaderboard);
    expect(defaults.status).toBe(200);
    expect(defaults.body.length).toBeLessThanOrEqual(10);
    const page2 = (await call(t.agent(), endpoints.projects.leaderboard, { query: { limit: 2, offset: 2 } }))
      .body as Array<{ rank: number }>;
    expect(page2.map((e) => e.rank)).toEqual([3, 4]);
  });

  it('answers the top contributors from real data, top 5 by default', async () => {
    const star = await buildUser(t.deps.sql);
    await buildProject(t.deps.sql, { userId: star.id, votes: 9_900_000 });
    await buildProject(t.deps.sql, { userId: star.id, votes: 100 });
    await buildProject(t.deps.sql, { userId: star.id, votes: 9_999_999, isHidden: true });
    await makeRankingQueries(t.deps.sql).recomputeTopContributors();
    const res = await call(t.agent(), endpoints.projects.topContributors);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThanOrEqual(5);
    expect(res.body[0]).toEqual({
      rank: 1,
      userId: star.id,
      username: star.username,
      projectCount: 2,
      totalVotes: 9_900_100,
    });
    expect((await call(t.agent(), endpoints.projects.topContributors, { query: { limit: 1 } })).body).toHaveLength(1);
  });

  it.each([
    {
      endpoint: endpoints.projects.trending,
      query: { period: 'year' },
      message: 'period must be today, week or month',
    },
    {
      endpoint: endpoints.projects.trending,
      query: { limit: 500 },
      message: 'limit must be a whole number from 1 to 100',
    },
    {
      endpoint: endpoints.projects.leaderboard,
      query: { timeRange: 'day' },
      message: 'timeRange must be all, month or week',
    },
    {
      endpoint: endpoints.projects.leaderboard,
      query: { offset: 'x' },
      message: 'offset must be a whole number of 0 or more',
    },
    {
      endpoint: endpoints.projects.topContributors,
      query: { limit: 0 },
      message: 'limit must be a whole number from 1 to 100',
    },
  ])('GET $endpoint.path with $query answers 400 $message', async ({ endpoint, query, message }) => {
    const res = await callLoosely(t.agent(), endpoint, { query });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });
});

describe('GET /api/projects/{id}', () => {
  it('answers the project with username and its real rating distribution', async () => {
    const owner = await buildUser(t.deps.sql);
    const project = await buildProject(t.deps.sql, { userId: owner.id });
    for (const rating of [10, 10, 7, 1]) {
      const rater = await buildUser(t.deps.sql);
      await t.deps
        .sql`INSERT INTO ratings (project_id, user_id, ip_address, rating) VALUES (${project.id}, ${rater.id}, '203.0.113.1', ${rating})`;
    }
    const res = await call(t.agent(), endpoints.projects.detail, { params: { id: project.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: project.id,
      username: owner.username,
      hasVoted: false,
      myRating: null,
      canEdit: false,
    });
    expect(res.body.ratingDistribution).toEqual([1, 0, 0, 0, 0, 0, 1, 0, 0, 2]);
  });

  it('answers 404 for a missing project and 400 for a non-numeric id', async () => {
    expect((await call(t.agent(), endpoints.projects.detail, { params: { id: 2147483000 } })).body).toEqual({
      message: 'Project not found',
    });
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await callLoosely(t.agent(), endpoints.projects.detail, { params: { id: bad } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Invalid id' });
    }
  });

  it('hides a hidden project (404) from visitors and other members, not from its owner or an admin', async () => {
    const { user: owner, agent: ownerAgent } = await t.member();
    const project = await buildProject(t.deps.sql, { userId: owner.id, isHidden: true });
    const { agent: other } = await t.member();
    const { agent: admin } = await t.member({ isAdmin: true });
    expect((await call(t.agent(), endpoints.projects.detail, { params: { id: project.id } })).status).toBe(404);
    expect((await call(other, endpoints.projects.detail, { params: { id: project.id } })).body).toEqual({
      message: 'Project not found',
    });
    const own = await call(ownerAgent, endpoints.projects.detail, { params: { id: project.id } });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ isHidden: true, canEdit: true });
    expect((await call(admin, endpoints.projects.detail, { params: { id: project.id } })).body).toMatchObject({
      isHidden: true,
      canEdit: true,
    });
  });
});

describe('POST /api/projects', () => {
  it('creates the project (201), records the submission and project.created, normalises tags', async () => {
    const { user, agent } = await t.member();
    const input = submission();
    const res = await call(agent, endpoints.projects.submit, { body: input }).set('X-Forwarded-For', randomIp());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: input.title,
      description: input.description,
      replitUrl: input.replitUrl,
      category: 'Game',
      tags: 'canvas, physics',
      userId: user.id,
      username: user.username,
      votes: 0,
      views: 0,
      averageRating: 0,
      totalRatings: 0,
      isHidden: false,
      canEdit: true,
    });
    const [sub] = await t.deps.sql`SELECT user_id, ip_address FROM submissions WHERE project_id = ${res.body.id}`;
    expect(sub).toMatchObject({ userId: user.id, ipAddress: expect.any(String) });
    expect(await eventsOf(res.body.id)).toEqual([
      { name: 'project.created', payload: { projectId: res.body.id, userId: user.id } },
    ]);
  });

  it.each([
    [{ title: 'ab' }, 'Title must be at least 3 characters'],
    [{ title: 'x'.repeat(101) }, 'Title cannot exceed 100 characters'],
    [{ description: 'short' }, 'Description must be at least 10 characters'],
    [{ description: 'd'.repeat(501) }, 'Description cannot exceed 500 characters'],
    [{ replitUrl: 'not a url' }, 'Please enter a valid URL including http:// or https://'],
    [{ replitUrl: 'javascript:alert(1)' }, 'Please enter a valid URL including http:// or https://'],
    [{ replitUrl: 'ftp://x.example/x' }, 'Please enter a valid URL including http:// or https://'],
    [{ category: '' }, 'Please select a category'],
    [{ category: 'Spaceships' }, 'Please select a category'],
    [{ title: 42 }, 'Title must be at least 3 characters'],
  ])('refuses %j with 400 and writes nothing', async (change, message) => {
    const { user, agent } = await t.member();
    const res = await callLoosely(agent, endpoints.projects.submit, { body: submission(change) }).set(
      'X-Forwarded-For',
      randomIp(),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await t.deps.sql`SELECT 1 FROM projects WHERE user_id = ${user.id}`).toHaveLength(0);
  });

  it('refuses visitors (401) and paused members (403)', async () => {
    expect((await call(t.agent(), endpoints.projects.submit, { body: submission() })).status).toBe(401);
    const { agent } = await t.member({ isPaused: true });
    const res = await call(agent, endpoints.projects.submit, { body: submission() });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Your account is paused' });
  });

  it('limits submissions per user with 429 and Retry-After', async () => {
    const { user, agent } = await t.member();
    for (let i = 0; i < t.config.submissionLimit; i += 1) {
      expect(
        (await call(agent, endpoints.projects.submit, { body: submission() }).set('X-Forwarded-For', randomIp()))
          .status,
      ).toBe(201);
    }
    const res = await call(agent, endpoints.projects.submit, { body: submission() }).set('X-Forwarded-For', randomIp());
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'Please wait a few minutes before submitting another project.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.deps.sql`SELECT 1 FROM projects WHERE user_id = ${user.id}`).toHaveLength(t.config.submissionLimit);
  });

  it('counts submitted projects, not attempts: three invalid submissions cost nothing, the valid one is 201', async () => {
    const { agent } = await t.member();
    const ip = randomIp();
    const invalid = [
      submission({ title: 'ab' }),
      submission({ description: 'short' }),
      submission({ replitUrl: 'not a url' }),
    ];
    for (const body of invalid)
      expect((await callLoosely(agent, endpoints.projects.submit, { body }).set('X-Forwarded-For', ip)).status).toBe(
        400,
      );
    for (let i = 0; i < t.config.submissionLimit; i += 1) {
      expect(
        (await call(agent, endpoints.projects.submit, { body: submission() }).set('X-Forwarded-For', ip)).status,
      ).toBe(201);
    }
    const res = await call(agent, endpoints.projects.submit, { body: submission() }).set('X-Forwarded-For', ip);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'Please wait a few minutes before submitting another project.' });
  });

  it('answers a paused member with the paused 403 before the quota, however often they try', async () => {
    const { agent } = await t.member({ isPaused: true });
    const ip = randomIp();
    for (let i = 0; i < t.config.submissionLimit + 2; i += 1) {
      const res = await callLoosely(agent, endpoints.projects.submit, {
        body: i % 2 ? submission() : submission({ title: 'ab' }),
      }).set('X-Forwarded-For', ip);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Your account is paused' });
    }
  });

  it('limits submissions per IP across users', async () => {
    const ip = randomIp();
    for (let i = 0; i < t.config.submissionLimit; i += 1) {
      const { agent } = await t.member();
      expect(
        (await call(agent, endpoints.projects.submit, { body: submission() }).set('X-Forwarded-For', ip)).status,
      ).toBe(201);
    }
    const { agent } = await t.member();
    expect(
      (await call(agent, endpoints.projects.submit, { body: submission() }).set('X-Forwarded-For', ip)).status,
    ).toBe(429);
  });
});

describe('PATCH /api/projects/{id}', () => {
  const edit = (change: Record<string, unknown> = {}) => ({
    title: 'Edited title',
    description: 'An edited description.',
    replitUrl: 'https://edited.example/',
    category: 'Utility' as const,
    tags: 'a, b',
    ...change,
  });

  it('lets the owner edit (project.updated recorded) and an admin too', async () => {
    const { user, agent } = await t.member();
    const project = await buildProject(t.deps.sql, { userId: user.id });
    const res = await call(agent, endpoints.projects.edit, { params: { id: project.id }, body: edit() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: project.id,
      title: 'Edited title',
      category: 'Utility',
      replitUrl: 'https://edited.example/',
      canEdit: true,
    });
    expect((await eventsOf(project.id)).map((e) => e.name)).toEqual(['project.updated']);
    const { agent: admin } = await t.member({ isAdmin: true });
    expect(
      (await call(admin, endpoints.projects.edit, { params: { id: project.id }, body: edit({ title: 'By admin' }) }))
        .body.title,
    ).toBe('By admin');
  });

  it('refuses others (403), visitors (401), paused owners (403), bad input (400) and missing projects (404)', async () => {
    const { user, agent: ownerAgent } = await t.member();
    const project = await buildProject(t.deps.sql, { userId: user.id, title: 'Original' });
    const { agent: other } = await t.member();
    const refused = await call(other, endpoints.projects.edit, { params: { id: project.id }, body: edit() });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: EDIT_FORBIDDEN });
    expect((await call(t.agent(), endpoints.projects.edit, { params: { id: project.id }, body: edit() })).status).toBe(
      401,
    );
    const badUrl = await callLoosely(ownerAgent, endpoints.projects.edit, {
      params: { id: project.id },
      body: edit({ replitUrl: 'edited.example' }),
    });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body).toEqual({ message: 'Must be a valid URL. Include http:// or https://' });
    expect(
      (
        await callLoosely(ownerAgent, endpoints.projects.edit, {
          params: { id: project.id },
          body: edit({ title: 'no' }),
        })
      ).body,
    ).toEqual({
      message: 'Title must be at least 3 characters',
    });
    expect((await call(ownerAgent, endpoints.projects.edit, { params: { id: 2147483000 }, body: edit() })).status).toBe(
      404,
    );
    expect(
      (await callLoosely(ownerAgent, endpoints.projects.edit, { params: { id: 'abc' }, body: edit() })).body,
    ).toEqual({ message: 'Invalid id' });
    await t.deps.sql`UPDATE users SET is_paused = true WHERE id = ${user.id}`;
    expect(
      (await call(ownerAgent, endpoints.projects.edit, { params: { id: project.id }, body: edit() })).body,
    ).toEqual({
      message: 'Your account is paused',
    });
    const [row] = await t.deps.sql`SELECT title FROM projects WHERE id = ${project.id}`;
    expect(row!.title).toBe('Original');
  });

  it('answers 404, not 403, to another member editing a hidden project', async () => {
    const project = await buildProject(t.deps.sql, { isHidden: true });
    const { agent } = await t.member();
    expect((await call(agent, endpoints.projects.edit, { params: { id: project.id }, body: edit() })).body).toEqual({
      message: 'Project not found',
    });
  });
});

describe('GET /api/projects?q= (search)', () => {
  it('finds visible projects by title, description or tag, in any letter case, never hidden ones', async () => {
    const word = `zq${Math.random().toString(36).slice(2, 8)}`;
    const byTitle = await buildProject(t.deps.sql, { title: `The ${word} game` });
    const byDescription = await buildProject(t.deps.sql, {
      description: `Mentions ${word.toUpperCase()} in the text.`,
    });
    const byTag = await buildProject(t.deps.sql, { tags: `canvas, ${word}` });
    await buildProject(t.deps.sql, { title: `Hidden ${word}`, isHidden: true });
    await buildProject(t.deps.sql, { title: 'Something else entirely' });
    const res = await call(t.agent(), endpoints.projects.latest, {
      query: { q: `  ${word.toUpperCase()} `, limit: 100 },
    });
    expect(res.status).toBe(200);
    expect(
      answerOf(endpoints.projects.latest, res)
        .map((p) => p.id)
        .sort(),
    ).toEqual([byTitle.id, byDescription.id, byTag.id].sort());
  });

  it('treats % and _ as plain characters', async () => {
    const tag = `pct${Math.random().toString(36).slice(2, 8)}`;
    const literal = await buildProject(t.deps.sql, { title: `Save 50% with ${tag}` });
    await buildProject(t.deps.sql, { title: `Save 500 with ${tag}` });
    const res = await call(t.agent(), endpoints.projects.latest, { query: { q: `50% with ${tag}` } });
    expect(answerOf(endpoints.projects.latest, res).map((p) => p.id)).toEqual([literal.id]);
    const none = await call(t.agent(), endpoints.projects.latest, { query: { q: `5_0 with ${tag}` } });
    expect(none.body).toEqual([]);
    // A pattern made of wildcards and the escape character only finds those characters.
    const slashes = await buildProject(t.deps.sql, { title: `Paths a\\_b with ${tag}` });
    const escaped = await call(t.agent(), endpoints.projects.latest, { query: { q: `a\\_b with ${tag}` } });
    expect(escaped.body.map((p: { id: number }) => p.id)).toEqual([slashes.id]);
    for (const pattern of ['%', '_', '%%_%', '\\']) {
      const res = await call(t.agent(), endpoints.projects.latest, { query: { q: `${pattern}${tag}` } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
  });

  it('ignores a blank search and refuses an over-long or repeated one with 400', async () => {
    expect((await call(t.agent(), endpoints.projects.latest, { query: { q: '  ' } })).status).toBe(200);
    const long = await callLoosely(t.agent(), endpoints.projects.latest, { query: { q: 'x'.repeat(101) } });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ message: 'Search must be 100 characters or less' });
    // eslint-disable-next-line no-restricted-syntax -- A query string with a repeated key: only a literal URL carries one
    const repeated = await t.agent().get('/api/projects?q=a&q=b');
    expect(repeated.status).toBe(400);
    expect(repeated.body).toEqual({ message: 'Search must be text' });
  });
});
