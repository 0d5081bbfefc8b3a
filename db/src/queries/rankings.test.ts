import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bayesianRating, trendingScore, VOTE_WEIGHTS, type RankedVote } from '@vitrine/domain/rankings';
import type { TrendingPeriod } from '@vitrine/domain/constants';
import { createSql, type Sql } from '../sql';
import { buildProject, buildUser, createTestDatabase, trendingScores } from '../testing';
import { makeRankingQueries } from './rankings';

/**
 * The SQL recomputes against hand-computed numbers and the domain reference functions, on a database
 * of their own (the boards are global, so no other test file may recompute them meanwhile).
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: Sql;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const NOW = new Date('2025-01-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const viewer = { userId: null, ip: '192.0.2.1' };

interface Fixture {
  ids: Record<'p1' | 'p2' | 'p3' | 'p4' | 'p5' | 'p6', number>;
  users: Record<'a' | 'm' | 'n', number>;
  votes: Array<RankedVote & { projectId: number }>;
}
let f: Fixture;

beforeAll(async () => {
  db = await createTestDatabase('vitrine_rank');
  sql = createSql(db.url, { max: 4 });
  const a = (await buildUser(sql)).id;
  const m = (await buildUser(sql)).id;
  const n = (await buildUser(sql)).id;
  const p1 = (await buildProject(sql, { userId: a, createdAt: new Date('2025-01-01T00:00:00Z') })).id;
  const p2 = (await buildProject(sql, { userId: a, createdAt: new Date('2025-01-05T00:00:00Z') })).id;
  const p3 = (await buildProject(sql, { userId: m, createdAt: new Date('2025-01-02T00:00:00Z') })).id;
  const p4 = (await buildProject(sql, { userId: n, createdAt: new Date('2025-01-02T00:00:00Z'), isHidden: true })).id;
  const p5 = (await buildProject(sql, { userId: m, createdAt: new Date('2024-12-01T00:00:00Z') })).id;
  const p6 = (await buildProject(sql, { userId: n, createdAt: new Date('2025-01-03T00:00:00Z') })).id;
  const votes: Fixture['votes'] = [];
  const vote = (projectId: number, authorId: number, userId: number | null, createdAt: Date) =>
    votes.push({
      projectId,
      authorId,
      userId,
      createdAt,
      weight: userId === null ? VOTE_WEIGHTS.visitor : VOTE_WEIGHTS.standing,
    });
  vote(p1, a, m, ago(6 * HOUR)); // member
  vote(p1, a, null, ago(12 * HOUR)); // visitor
  vote(p1, a, a, ago(1 * HOUR)); // the author's own (refused by the API now; a row from before counts 0)
  vote(p1, a, null, ago(3 * DAY)); // outside today
  vote(p2, a, n, ago(1 * HOUR));
  vote(p2, a, null, ago(10 * DAY)); // only in month / all
  vote(p3, m, m, ago(2 * HOUR)); // author only: trending score 0
  for (let i = 0; i < 10; i += 1) vote(p4, n, null, ago(HOUR)); // hidden
  vote(p5, m, null, new Date(NOW.getTime() + HOUR)); // after `now`
  vote(p5, m, null, ago(40 * DAY)); // outside month
  vote(p6, n, a, ago(2 * DAY));
  let ip = 0;
  for (const v of votes) {
    ip += 1;
    await sql`INSERT INTO votes (project_id, user_id, ip_address, created_at) VALUES (${v.projectId}, ${v.userId}, ${`10.0.0.${ip}`}, ${v.createdAt})`;
  }
  await sql`UPDATE projects p SET votes = (SELECT count(*) FROM votes v WHERE v.project_id = p.id),
                                 weighted_votes = (SELECT coalesce(sum(weight), 0) FROM votes v WHERE v.project_id = p.id)`;
  // p3: three ratings of 9 -> a higher Bayesian bound than the unrated p2 and p6.
  await sql`UPDATE projects SET average_rating = 9, total_ratings = 3 WHERE id = ${p3}`;
  f = { ids: { p1, p2, p3, p4, p5, p6 }, users: { a, m, n }, votes };
});

afterAll(async () => {
  await sql.end();
  await db.drop();
});

/** The reference score of a project from the fixture's votes. */
const reference = (projectId: number, period: TrendingPeriod) =>
  trendingScore(
    f.votes.filter((v) => v.projectId === projectId),
    period,
    NOW,
  );

describe('top contributors', () => {
  it('are computed by the first read of a board never computed', async () => {
    const ranking = makeRankingQueries(sql);
    expect(await ranking.boardComputedAt('top-contributors')).toBeNull();
    const rows = await ranking.listTopContributors();
    expect(rows.map((r) => [r.userId, r.totalVotes, r.projectCount])).toEqual([
      [f.users.a, 6, 2],
      [f.users.m, 3, 2],
      [f.users.n, 1, 1],
    ]);
    expect(await ranking.boardComputedAt('top-contributors')).toBeInstanceOf(Date);
  });

  it("follow the votes incrementally: only the voted projects' owners' rows are rewritten, and the board is what a whole recompute gives", async () => {
    const ranking = makeRankingQueries(sql);
    const board = async () =>
      (await ranking.listTopContributors(100)).map((r) => [r.userId, r.totalVotes, r.projectCount]);
    // A row's xmin is the transaction that last wrote it.
    const versions = async () =>
      new Map(
        (await sql<{ userId: number; xmin: string }[]>`SELECT user_id, xmin::text FROM top_contributors`).map((r) => [
          r.userId,
          r.xmin,
        ]),
      );
    const votesUntil = async () =>
      (
        await sql<
          { votesUntil: Date | null }[]
        >`SELECT votes_until FROM ranking_boards WHERE board = 'top-contributors'`
      )[0]?.votesUntil;

    // Never recomputed whole: the first one is whole, and sets the instant its votes go up to.
    await sql`DELETE FROM ranking_boards WHERE board = 'top-contributors'`;
    await ranking.addVotesToTopContributors();
    expect(await votesUntil()).toBeInstanceOf(Date);
    const whole = [
      [f.users.a, 6, 2],
      [f.users.m, 3, 2],
      [f.users.n, 1, 1],
    ];
    expect(await board()).toEqual(whole);
    const before = await versions();

    // No vote since: nothing is written.
    expect((await ranking.addVotesToTopContributors()).changed).toBe(false);
    expect(await versions()).toEqual(before);

    // Four votes on n's p6, created after the board's votes_until (as a vote committed since is).
    const since = (await votesUntil())!;
    for (let i = 0; i < 4; i += 1) {
      await sql`INSERT INTO votes (project_id, user_id, ip_address, created_at) VALUES (${f.ids.p6}, NULL, ${`10.0.2.${i}`}, ${new Date(since.getTime() + 1 + i)})`;
    }
    await sql`UPDATE projects SET votes = votes + 4 WHERE id = ${f.ids.p6}`;
    try {
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await ranking.addVotesToTopContributors()).changed).toBe(true);
      const incremental = await board();
      expect(incremental).toEqual([
        [f.users.a, 6, 2],
        [f.users.n, 5, 1],
        [f.users.m, 3, 2],
      ]);
      const after = await versions();
      expect([...after].filter(([id, xmin]) => before.get(id) !== xmin).map(([id]) => id)).toEqual([f.users.n]);
      await ranking.recomputeTopContributors();
      expect(await board()).toEqual(incremental);
    } finally {
      await sql`DELETE FROM votes WHERE ip_address LIKE '10.0.2.%'`;
      await sql`UPDATE projects SET votes = votes - 4 WHERE id = ${f.ids.p6}`;
      await ranking.recomputeTopContributors();
    }
    expect(await board()).toEqual(whole);
  });
});

describe('recomputeTrending', () => {
  it('matches the hand-computed scores and the domain reference', async () => {
    const ranking = makeRankingQueries(sql);
    expect((await ranking.recomputeTrending('today', NOW)).rows).toBe(2);
    expect((await ranking.recomputeTrending('week', NOW)).rows).toBe(3);
    const scores = (period: TrendingPeriod) => trendingScores(sql, period, NOW);
    const today = await scores('today');
    // p2: 1 * 0.5^(1/6); p1: 1 * 0.5^(6/6) + 0.25 (visitor) * 0.5^(12/6) + 0 (author) = 0.5625
    expect(today.map((r) => r.projectId)).toEqual([f.ids.p2, f.ids.p1]);
    expect(today[0]!.score).toBeCloseTo(0.8908987181403393, 9);
    expect(today[1]!.score).toBeCloseTo(0.5625, 9);
    const week = await scores('week');
    // p1: 0.5^(6/48) + 0.25 * 0.5^(12/48) + 0.25 * 0.5^(72/48); p2: 0.5^(1/48); p6: 0.5^(48/48)
    expect(week.map((r) => r.projectId)).toEqual([f.ids.p1, f.ids.p2, f.ids.p6]);
    expect(week[0]!.score).toBeCloseTo(0.9170040432046712 + 0.4204482076268573 / 2 + 0.1767766952966369 / 2, 9);
    expect(week[1]!.score).toBeCloseTo(0.9856631986401876, 9);
    expect(week[2]!.score).toBeCloseTo(0.5, 9);
    for (const [period, rows] of [
      ['today', today],
      ['week', week],
    ] as const) {
      for (const r of rows) expect(r.score).toBeCloseTo(reference(r.projectId, period), 9);
    }
  });

  it('reads the board best first, leaving out hidden projects, author-only and out-of-window votes', async () => {
    const ranking = makeRankingQueries(sql);
    await ranking.recomputeTrending('month', NOW);
    const rows = await ranking.listTrending({ period: 'month', offset: 0, limit: 10, viewer });
    expect(rows.map((r) => r.id)).toEqual([f.ids.p1, f.ids.p2, f.ids.p6]);
    const expected = [f.ids.p1, f.ids.p2, f.ids.p6].map((id) => reference(id, 'month'));
    expect(expected).toEqual([...expected].sort((x, y) => y - x));
    expect(reference(f.ids.p3, 'month')).toBe(0);
    expect((await ranking.listTrending({ period: 'month', offset: 1, limit: 1, viewer })).map((r) => r.id)).toEqual([
      f.ids.p2,
    ]);
  });

  it('writes only the rows that changed, and says whether any did: none when no vote entered or left the window, one for one vote', async () => {
    const ranking = makeRankingQueries(sql);
    const later = (ms: number) => new Date(NOW.getTime() + ms);
    // A row's xmin is the transaction that last wrote it.
    const versions = async () =>
      new Map(
        (
          await sql<
            { projectId: number; xmin: string }[]
          >`SELECT project_id, xmin::text FROM trending_scores WHERE period = 'month'`
        ).map((r) => [r.projectId, r.xmin]),
      );
    await ranking.recomputeTrending('month', NOW);
    const before = await versions();
    expect(before.size).toBe(3);
    expect(await ranking.recomputeTrending('month', later(1000))).toEqual({ rows: 3, changed: false });
    expect(await versions()).toEqual(before);
    await sql`INSERT INTO votes (project_id, user_id, ip_address, created_at) VALUES (${f.ids.p6}, NULL, '10.0.1.1', ${later(1500)})`;
    try {
      expect(await ranking.recomputeTrending('month', later(2000))).toEqual({ rows: 3, changed: true });
      const after = await versions();
      expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
      expect([...after].filter(([id, xmin]) => before.get(id) !== xmin).map(([id]) => id)).toEqual([f.ids.p6]);
    } finally {
      // The next recompute at NOW is before the tally's window: it starts the tally again from the votes.
      await sql`DELETE FROM votes WHERE ip_address = '10.0.1.1'`;
    }
  });

  it('swaps the rows: a recompute after a change replaces the board, and parallel recomputes do not collide', async () => {
    const ranking = makeRankingQueries(sql);
    await sql`UPDATE projects SET is_hidden = true WHERE id = ${f.ids.p2}`;
    try {
      await Promise.all(Array.from({ length: 5 }, () => ranking.recomputeTrending('today', NOW)));
      const rows = await sql`SELECT project_id FROM trending_scores WHERE period = 'today'`;
      expect(rows.map((r) => r.projectId)).toEqual([f.ids.p1]);
    } finally {
      await sql`UPDATE projects SET is_hidden = false WHERE id = ${f.ids.p2}`;
    }
  });
});

describe('recomputeLeaderboard', () => {
  /** The leaderboard order by the formula: votes in range, then Bayesian bound, then earlier submission. */
  async function referenceOrder(windowMs: number | null) {
    const projects = await sql<{ id: number; createdAt: Date; averageRating: string; totalRatings: number }[]>`
      SELECT id, created_at, average_rating, total_ratings FROM projects WHERE NOT is_hidden`;
    const inRange = (id: number) =>
      f.votes.filter(
        (v) =>
          v.projectId === id &&
          (windowMs === null || (v.createdAt.getTime() >= NOW.getTime() - windowMs && v.createdAt <= NOW)),
      );
    return projects
      .map((p) => ({
        id: p.id,
        votes: inRange(p.id).length,
        weight: inRange(p.id).reduce((sum, v) => sum + v.weight, 0),
        bound: bayesianRating(Number(p.averageRating), p.totalRatings),
        created: p.createdAt.getTime(),
      }))
      .filter((p) => windowMs === null || p.votes > 0)
      .sort(
        (x, y) => y.weight - x.weight || y.votes - x.votes || y.bound - x.bound || x.created - y.created || x.id - y.id,
      )
      .map((p) => [p.id, p.votes]);
  }

  it.each([
    [
      'week',
      7 * DAY,
      ['p1', 4],
      [
        ['p3', 1],
        ['p6', 1],
        ['p2', 1],
      ],
    ],
    [
      'month',
      30 * DAY,
      ['p1', 4],
      [
        ['p2', 2],
        ['p3', 1],
        ['p6', 1],
      ],
    ],
    [
      'all',
      null,
      ['p1', 4],
      [
        ['p2', 2],
        ['p3', 1],
        ['p6', 1],
        ['p5', 2],
      ],
    ],
  ] as const)(
    'ranks %s by weighted votes in range, then votes, then rating bound, then earlier submission',
    async (range, windowMs, first, rest) => {
      const ranking = makeRankingQueries(sql);
      await ranking.recomputeLeaderboard(range, NOW);
      const rows = await ranking.listLeaderboard({ range, offset: 0, limit: 10, viewer });
      const expected = [first, ...rest].map(([key, votes]) => [f.ids[key], votes]);
      expect(rows.map((r) => [r.id, r.rangeVotes])).toEqual(expected);
      expect(expected).toEqual(await referenceOrder(windowMs));
    },
  );
});
