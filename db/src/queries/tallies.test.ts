import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADERBOARD_WINDOW_MS, trendingScore } from '@vitrine/domain/rankings';
import type { TrendingPeriod } from '@vitrine/domain/constants';
import { createSql, type Sql } from '../sql';
import { buildProject, buildUser, createTestDatabase, trendingScores } from '../testing';
import { makeRankingQueries } from './rankings';
import { forgetVotesOf, makeTallyQueries, tallySpec, type TalliedBoard, type TallyWindow } from './tallies';

/**
 * Boards built from running tallies equal the boards computed from every vote (the domain's reference
 * formulas), as the clock walks forward over weeks: votes enter and leave the windows, the trending
 * epochs are rebased, projects are hidden and deleted, a member is deleted. A database of its own
 * (the boards and tallies are global).
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: Sql;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const START = new Date('2025-03-01T00:00:00.000Z');
const SPAN_DAYS = 45;
const viewer = { userId: null, ip: '192.0.2.1' };

/** A small deterministic generator (the walk is the same on every run). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

let members: number[] = [];
let projects: number[] = [];

beforeAll(async () => {
  db = await createTestDatabase('vitrine_tally');
  sql = createSql(db.url, { max: 4 });
  members = [];
  for (let i = 0; i < 4; i += 1) members.push((await buildUser(sql)).id);
  projects = [];
  for (let i = 0; i < 24; i += 1) {
    projects.push(
      (
        await buildProject(sql, {
          userId: members[i % members.length],
          createdAt: new Date(START.getTime() - (i % 5) * DAY),
        })
      ).id,
    );
  }
  const next = random(42);
  const values: Array<{ project_id: number; user_id: number | null; ip_address: string; created_at: Date }> = [];
  for (let i = 0; i < 900; i += 1) {
    // Low project indexes get most votes, as on a real showcase.
    const project = projects[Math.floor(projects.length * next() ** 2)]!;
    values.push({
      project_id: project,
      user_id: null,
      ip_address: `10.1.${i >> 8}.${i & 255}`,
      created_at: new Date(START.getTime() + next() * SPAN_DAYS * DAY),
    });
  }
  // Members' votes (one each per project), the author's own among them (refused by the API now, but rows from before may remain: weight 0 on trending).
  for (const project of projects) {
    for (const member of members) {
      if (next() < 0.4)
        values.push({
          project_id: project,
          user_id: member,
          ip_address: '10.2.0.1',
          created_at: new Date(START.getTime() + next() * SPAN_DAYS * DAY),
        });
    }
  }
  await sql`
    INSERT INTO votes (project_id, user_id, ip_address, created_at)
    SELECT * FROM jsonb_to_recordset(${sql.json(values as never)}) AS v(project_id int, user_id int, ip_address text, created_at timestamptz)`;
  await sql`UPDATE projects p SET votes = (SELECT count(*) FROM votes v WHERE v.project_id = p.id)`;
});

afterAll(async () => {
  await sql.end();
  await db.drop();
});

interface VoteRow {
  projectId: number;
  userId: number | null;
  authorId: number | null;
  weight: number;
  createdAt: Date;
  projectCreatedAt: Date;
}

async function visibleVotes(): Promise<VoteRow[]> {
  return sql<VoteRow[]>`
    SELECT v.project_id, v.user_id, p.user_id AS author_id, v.weight, v.created_at, p.created_at AS project_created_at
    FROM votes v JOIN projects p ON p.id = v.project_id WHERE NOT p.is_hidden`;
}

/** `votes` by project. */
function byProject(votes: VoteRow[]): Map<number, VoteRow[]> {
  const groups = new Map<number, VoteRow[]>();
  for (const v of votes) groups.set(v.projectId, [...(groups.get(v.projectId) ?? []), v]);
  return groups;
}

/** The trending board from every vote, by the domain's formula: [project, score], best first. */
async function referenceTrending(period: TrendingPeriod, now: Date): Promise<Array<[number, number]>> {
  const votes = await visibleVotes();
  return [...byProject(votes).entries()]
    .map(([id, vs]) => ({ id, score: trendingScore(vs, period, now), created: vs[0]!.projectCreatedAt.getTime() }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || b.created - a.created || b.id - a.id)
    .map((r) => [r.id, r.score]);
}

/** A leaderboard range from every vote: [project, votes in range], first place first (no ratings: ties by earlier submission). */
async function referenceLeaderboard(windowMs: number, now: Date): Promise<Array<[number, number]>> {
  const votes = (await visibleVotes()).filter(
    (v) => v.createdAt.getTime() >= now.getTime() - windowMs && v.createdAt <= now,
  );
  return [...byProject(votes).entries()]
    .map(([id, vs]) => ({
      id,
      n: vs.length,
      w: vs.reduce((sum, v) => sum + v.weight, 0),
      created: vs[0]!.projectCreatedAt.getTime(),
    }))
    .sort((a, b) => b.w - a.w || b.n - a.n || a.created - b.created || a.id - b.id)
    .map((r) => [r.id, r.n]);
}

async function expectBoardsMatch(now: Date) {
  const ranking = makeRankingQueries(sql);
  for (const period of ['today', 'week', 'month'] as const) {
    await ranking.recomputeTrending(period, now);
    const rows = await ranking.listTrending({ period, offset: 0, limit: 100, viewer });
    const scores = await trendingScores(sql, period, now);
    const expected = await referenceTrending(period, now);
    expect(
      rows.map((r) => r.id),
      `trending ${period} at ${now.toISOString()}`,
    ).toEqual(expected.map(([id]) => id));
    scores.forEach((row, i) => expect(row.score).toBeCloseTo(expected[i]![1], 9));
  }
  for (const range of ['week', 'month'] as const) {
    await ranking.recomputeLeaderboard(range, now);
    const rows = await ranking.listLeaderboard({ range, offset: 0, limit: 100, viewer });
    expect(
      rows.map((r) => [r.id, r.rangeVotes]),
      `leaderboard ${range} at ${now.toISOString()}`,
    ).toEqual(await referenceLeaderboard(LEADERBOARD_WINDOW_MS[range]!, now));
  }
}

describe('boards from running tallies', () => {
  it('equal the boards from every vote as the clock walks forward over 45 days, in steps of 17 hours', async () => {
    // 45 days are over 64 half-lives of today's board: its epoch is rebased on the way.
    for (let t = START.getTime(); t <= START.getTime() + (SPAN_DAYS + 2) * DAY; t += 17 * HOUR)
      await expectBoardsMatch(new Date(t));
    const [today] = await sql<
      { epoch: Date }[]
    >`SELECT epoch FROM ranking_tally_windows WHERE board = 'trending:today'`;
    expect(today!.epoch.getTime()).toBeGreaterThan(START.getTime() + 16 * DAY);
  });

  it('follow hidden projects, deleted projects and a deleted member', async () => {
    const now = new Date(START.getTime() + 20 * DAY);
    await expectBoardsMatch(now);
    await sql`UPDATE projects SET is_hidden = true WHERE id = ${projects[0]!}`;
    await expectBoardsMatch(now);
    await sql`UPDATE projects SET is_hidden = false WHERE id = ${projects[0]!}`;
    await sql`DELETE FROM projects WHERE id = ${projects[1]!}`;
    await expectBoardsMatch(now);
    // A member's deletion (userDeleter): their votes leave the tallies, then the cascade removes them.
    const member = members[1]!;
    await sql.begin(async (tx) => {
      await forgetVotesOf(tx, member);
      await tx`DELETE FROM users WHERE id = ${member}`;
    });
    await expectBoardsMatch(now);
    await expectBoardsMatch(new Date(now.getTime() + 3 * DAY));
  });

  it('are the same built in batches of a few votes as in one go', async () => {
    const now = new Date(START.getTime() + 40 * DAY);
    const noLock = async () => {};
    const windowOf = async (_tx: unknown, window: TallyWindow) => window;
    // Each row's score at `now` (weights are relative to the tally's epoch, which differs between the two).
    const rowsOf = async (board: TalliedBoard) => {
      const halfLife = tallySpec(board).halfLifeMs;
      const [{ epoch }] = await sql<[{ epoch: Date }]>`SELECT epoch FROM ranking_tally_windows WHERE board = ${board}`;
      const rows = await sql<
        { projectId: number; weight: number; votes: number }[]
      >`SELECT project_id, weight, votes FROM ranking_tallies WHERE board = ${board} ORDER BY project_id`;
      return rows.map((r) => ({
        ...r,
        score: halfLife === null ? r.weight : r.weight * 2 ** ((epoch.getTime() - now.getTime()) / halfLife),
      }));
    };
    for (const board of ['trending:month', 'leaderboard:week'] as const) {
      // Back to the start (a `now` before the tally's starts it anew), then forward in one go.
      await makeTallyQueries(sql, noLock).advance(board, START, windowOf);
      const whole = await makeTallyQueries(sql, noLock).advance(board, now, windowOf);
      const wholeRows = await rowsOf(board);
      await makeTallyQueries(sql, noLock).advance(board, START, windowOf);
      // Forward 10 days at a time in batches of 7 votes: both edges move in many bounded steps.
      const steps = [];
      for (let t = START.getTime() + 10 * DAY; t < now.getTime(); t += 10 * DAY) steps.push(new Date(t));
      for (const at of [...steps, now])
        await makeTallyQueries(sql, noLock, { batchVotes: 7 }).advance(board, at, windowOf);
      const [window] = await sql<
        { since: Date; until: Date }[]
      >`SELECT since, until FROM ranking_tally_windows WHERE board = ${board}`;
      expect([window!.since, window!.until]).toEqual([whole.since, whole.until]);
      const batched = await rowsOf(board);
      expect(batched.map((r) => [r.projectId, r.votes])).toEqual(wholeRows.map((r) => [r.projectId, r.votes]));
      batched.forEach((row, i) => expect(row.score).toBeCloseTo(wholeRows[i]!.score, 9));
    }
  });

  it('never skip a vote whose transaction commits after later votes were tallied', async () => {
    const ranking = makeRankingQueries(sql);
    const project = (await buildProject(sql, { userId: members[0] })).id;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const voteStarted = new Promise<void>((resolve) => (started = resolve));
    // A vote whose transaction stays open: its created_at is its transaction's start.
    const slowVote = sql.begin(async (tx) => {
      await tx`INSERT INTO votes (project_id, user_id, ip_address) VALUES (${project}, NULL, '10.3.0.1')`;
      started();
      await released;
    });
    await voteStarted;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Meanwhile later votes are cast and the board is recomputed: the tally stops before the open transaction.
    const other = (await buildProject(sql, { userId: members[0] })).id;
    await sql`INSERT INTO votes (project_id, user_id, ip_address) VALUES (${other}, NULL, '10.3.0.2')`;
    await ranking.recomputeTrending('today');
    const [during] = await sql<
      { until: Date }[]
    >`SELECT until FROM ranking_tally_windows WHERE board = 'trending:today'`;
    const [vote] = await sql<{ createdAt: Date }[]>`SELECT created_at FROM votes WHERE project_id = ${other}`;
    expect(during!.until.getTime()).toBeLessThan(vote!.createdAt.getTime());
    release();
    await slowVote;
    // Committed, it is counted by the next recompute, and stays counted once the tally moves past it.
    await ranking.recomputeTrending('today');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await ranking.recomputeTrending('today');
    const [after] = await sql<
      { until: Date }[]
    >`SELECT until FROM ranking_tally_windows WHERE board = 'trending:today'`;
    const [slow] = await sql<{ createdAt: Date }[]>`SELECT created_at FROM votes WHERE project_id = ${project}`;
    expect(after!.until.getTime()).toBeGreaterThan(slow!.createdAt.getTime());
    const board = await ranking.listTrending({ period: 'today', offset: 0, limit: 100, viewer });
    expect(board.map((r) => r.id)).toEqual(expect.arrayContaining([project, other]));
  });
});
