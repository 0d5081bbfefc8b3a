import { describe, expect, it } from 'vitest';
import { LATEST_SORTS, LEADERBOARD_RANGES, TRENDING_PERIODS } from '@vitrine/domain/constants';
import {
  expectNoBigSort,
  expectNoSeqScan,
  loadWithoutIndexes,
  seedUsers,
  useExplainDatabase,
} from '../testing-explain';
import type { Sql } from '../sql';
import { makeProjectQueries, type Viewer } from './projects';
import { makeRankingQueries } from './rankings';
import { makeRatingQueries } from './ratings';

/**
 * Every list and page query the shared cache fills (and Load More's keyset pages, and the viewer's
 * state) stays flat at a million projects: on a database of its own with 1M projects and 300k votes,
 * EXPLAIN of each query as the functions send it shows no sequential scan of projects or votes and
 * no sort of a whole table; nor does a ranking recompute once its board's tally is built. Rows are
 * short and loaded before the indexes are built, so the seed stays quick.
 */
const PROJECTS = 1_000_000;
const VOTES = 300_000;
const USERS = 1_000;
/** A Sort node estimating at least this many rows sorts (a large part of) a whole table. */
const WHOLE_TABLE_SORT_ROWS = 10_000;

const db = useExplainDatabase(
  'vitrine_explain_1m',
  async (sql) => {
    await sql`SET synchronous_commit = off`;
    await seedUsers(sql, USERS);
    await loadWithoutIndexes(sql, ['projects', 'votes'], async () => {
      await sql`
      INSERT INTO projects (title, description, replit_url, category, tags, user_id, views, votes, weighted_votes, is_hidden, created_at)
      SELECT 'P ' || g, 'Project ' || g || ' ...', 'https://e.example/' || g, 'Game', '', (g % ${USERS}::int) + 1,
             (g::bigint * 7919) % 10000, (g::bigint * 104729) % 5000, ((g::bigint * 104729) % 5000) * 0.75,
             g % 50 = 0, now() - make_interval(secs => g)
      FROM generate_series(1, ${PROJECTS}::int) g`;
      await sql`
      INSERT INTO votes (project_id, user_id, ip_address, created_at)
      SELECT (g % ${PROJECTS}::int) + 1, NULL, 'v' || g, now() - make_interval(mins => g % 43200)
      FROM generate_series(1, ${VOTES}::int) g`;
    });
    await sql`ANALYZE`;
    const ranking = makeRankingQueries(sql);
    for (const period of TRENDING_PERIODS) await ranking.recomputeTrending(period);
    for (const range of LEADERBOARD_RANGES) await ranking.recomputeLeaderboard(range);
    await ranking.recomputeTopContributors();
  },
  600_000,
);

/** Fails on a sequential scan of projects or votes, or a Sort over WHOLE_TABLE_SORT_ROWS rows or more. */
function expectFlat(plans: string[]) {
  expectNoSeqScan(plans, ['projects', 'votes']);
  expectNoBigSort(plans, WHOLE_TABLE_SORT_ROWS);
}
const { plansOf } = db;
const member: Viewer = { userId: 42, ip: '192.0.2.7' };

describe('EXPLAIN of the shared list queries at 1M projects', () => {
  it.each(LATEST_SORTS)('latest by %s: the first page and a keyset page deep down', async (sort) => {
    const projects = (c: Sql) => makeProjectQueries(c);
    expectFlat(await plansOf((c) => projects(c).listProjects({ sort, offset: 0, limit: 6, viewer: null })));
    expectFlat(
      await plansOf((c) => projects(c).listProjects({ sort, offset: 0, limit: 6, viewer: null, after: 500_001 })),
    );
  });

  it.each(TRENDING_PERIODS)('trending %s, by offset and by keyset', async (period) => {
    expectFlat(
      await plansOf((c) => makeRankingQueries(c).listTrending({ period, offset: 594, limit: 6, viewer: null })),
    );
    expectFlat(
      await plansOf((c) => makeRankingQueries(c).listTrending({ period, offset: 0, limit: 6, viewer: null, after: 1 })),
    );
  });

  it.each(LEADERBOARD_RANGES)('leaderboard %s', async (range) => {
    expectFlat(
      await plansOf((c) => makeRankingQueries(c).listLeaderboard({ range, offset: 0, limit: 10, viewer: null })),
    );
  });

  it('top contributors, the project page and the viewer state', async () => {
    expectFlat(await plansOf((c) => makeRankingQueries(c).listTopContributors()));
    expectFlat(await plansOf((c) => makeProjectQueries(c).findProject(654_321, null)));
    expectFlat(await plansOf((c) => makeRatingQueries(c).ratingDistribution(654_321)));
    expectFlat(await plansOf((c) => makeProjectQueries(c).findViewerStates([1, 2, 654_321], member)));
  });

  it.each(['today', 'week', 'month'] as const)(
    'a recompute of trending %s after the first build (from its tally)',
    async (period) => {
      expectFlat(await plansOf((c) => makeRankingQueries(c).recomputeTrending(period)));
    },
  );

  it.each(LEADERBOARD_RANGES)('a recompute of leaderboard %s after the first build', async (range) => {
    expectFlat(await plansOf((c) => makeRankingQueries(c).recomputeLeaderboard(range)));
  });

  it('the seed is what the test claims, and the checks catch a whole-table sort', async () => {
    const [row] = await db.sql<{ projects: number; votes: number }[]>`
      SELECT (SELECT count(*)::int FROM projects) AS projects, (SELECT count(*)::int FROM votes) AS votes`;
    expect(row).toEqual({ projects: PROJECTS, votes: VOTES });
    const unindexed = await plansOf((c) => c`SELECT id FROM projects ORDER BY title LIMIT 6 OFFSET 500000`);
    expect(() => expectFlat(unindexed)).toThrow();
  });
});
