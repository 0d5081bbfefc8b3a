import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql, type Sql } from '../sql';
import { buildProject, buildUser, createTestDatabase } from '../testing';
import { makeRankingQueries, TOP_CONTRIBUTORS_BOARD_SIZE } from './rankings';

/**
 * The top contributors' incremental recompute against the plain aggregate, with more owners than the
 * board holds, so votes move owners into and out of it. A database of its own: the board is global.
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: Sql;
const OWNERS = TOP_CONTRIBUTORS_BOARD_SIZE + 20;
const projects: Array<{ id: number; userId: number }> = [];

beforeAll(async () => {
  db = await createTestDatabase('vitrine_contrib');
  sql = createSql(db.url, { max: 4 });
  for (let i = 0; i < OWNERS; i += 1) {
    const owner = (await buildUser(sql)).id;
    // One to three projects each; every seventh owner also has a hidden one, which never counts.
    for (let j = 0; j <= i % 3; j += 1)
      projects.push({ id: (await buildProject(sql, { userId: owner })).id, userId: owner });
    if (i % 7 === 0) await buildProject(sql, { userId: owner, isHidden: true, votes: 50 });
  }
});

afterAll(async () => {
  await sql.end();
  await db.drop();
});

/** A deterministic stream of numbers in [0, 1) (a linear congruential generator). */
function numbers(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** The board by the plain aggregate over every visible project. */
async function reference() {
  const rows = await sql<{ userId: number; projectCount: number; totalVotes: number }[]>`
    SELECT user_id, count(*)::int AS project_count, sum(votes)::int AS total_votes
    FROM projects WHERE NOT is_hidden AND user_id IS NOT NULL
    GROUP BY user_id
    ORDER BY 3 DESC, 2 DESC, 1
    LIMIT ${TOP_CONTRIBUTORS_BOARD_SIZE}`;
  return rows.map((r) => [r.userId, r.totalVotes, r.projectCount]);
}

describe('top contributors after votes', () => {
  it('match the plain aggregate round after round, as owners climb into the hundred and others fall out', async () => {
    const ranking = makeRankingQueries(sql);
    const board = async () =>
      (await ranking.listTopContributors(TOP_CONTRIBUTORS_BOARD_SIZE)).map((r) => [
        r.userId,
        r.totalVotes,
        r.projectCount,
      ]);
    const random = numbers(11);
    await ranking.recomputeTopContributors();
    expect(await board()).toEqual(await reference());
    let ip = 0;
    let moved = 0;
    for (let round = 0; round < 8; round += 1) {
      const before = new Set((await board()).map(([userId]) => userId));
      // Votes created after the board's watermark, skewed toward the projects of the owners at the end.
      const [row] = await sql<
        { since: Date }[]
      >`SELECT votes_until AS since FROM ranking_boards WHERE board = 'top-contributors'`;
      const since = row!.since;
      for (let k = 0; k < 40; k += 1) {
        const project = projects[Math.floor(projects.length * Math.sqrt(random()))]!;
        ip += 1;
        await sql`
          WITH cast_vote AS (
            INSERT INTO votes (project_id, user_id, ip_address, created_at)
            VALUES (${project.id}, NULL, ${`10.1.${Math.floor(ip / 250)}.${ip % 250}`}, ${new Date(since.getTime() + 1 + (k % 5))})
            RETURNING project_id
          )
          UPDATE projects SET votes = votes + 1 WHERE id = (SELECT project_id FROM cast_vote)`;
      }
      // The next watermark is a moment before the clock: past these votes once a few ms have gone by.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const swap = await ranking.addVotesToTopContributors();
      expect(swap.changed).toBe(true);
      const after = await board();
      expect(after).toEqual(await reference());
      moved += after.filter(([userId]) => !before.has(userId)).length;
    }
    // The walk did move owners into the board (else it would not test the merge).
    expect(moved).toBeGreaterThan(0);
  });
});
