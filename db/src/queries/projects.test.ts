import { describe, expect, it } from 'vitest';
import { LATEST_SORTS, LEADERBOARD_RANGES, TRENDING_PERIODS } from '@vitrine/domain/constants';
import { expectNoSeqScan, loadWithoutIndexes, seedUsers, useExplainDatabase } from '../testing-explain';
import { findRings, makeIntegrityQueries } from './integrity';
import { projectScore } from './project-score';
import { makeProjectQueries, type Viewer } from './projects';
import { makeProfileQueries } from './profiles';
import { makeRankingQueries } from './rankings';
import { makeRatingQueries } from './ratings';

/**
 * Every list is one indexed query: on a database of its own seeded with 100k projects and 350k
 * votes, EXPLAIN of each list query (as the functions send it, captured with postgres.js `debug`)
 * must show no sequential scan of projects or votes.
 */
const PROJECTS = 100_000;
const USERS = 2_000;
const VISITOR_VOTES = 300_000;
const MEMBER_VOTES = 50_000;

const db = useExplainDatabase('vitrine_explain', async (sql) => {
  await seedUsers(sql, USERS);
  await loadWithoutIndexes(sql, ['projects', 'votes'], async () => {
    await sql`
    INSERT INTO projects (title, description, replit_url, category, tags, user_id, views, is_hidden, created_at, average_rating, total_ratings)
    SELECT 'Project ' || g, 'Seeded project number ' || g, 'https://project.example/' || g, 'Game', 'seed, bulk',
           (g % ${USERS}::int) + 1, (g * 7919) % 10000, g % 50 = 0, now() - make_interval(mins => g),
           ((g % 10) + 1)::numeric(3,1), g % 7
    FROM generate_series(1, ${PROJECTS}::int) g`;
    await sql`
    INSERT INTO votes (project_id, user_id, ip_address, created_at)
    SELECT (g % ${PROJECTS}::int) + 1, NULL, 'ip' || g, now() - make_interval(mins => g % 43200)
    FROM generate_series(1, ${VISITOR_VOTES}::int) g`;
    await sql`
    INSERT INTO votes (project_id, user_id, ip_address, created_at)
    SELECT ((g * 13) % ${PROJECTS}::int) + 1, (g % ${USERS}::int) + 1, 'm' || g, now() - make_interval(mins => g % 43200)
    FROM generate_series(1, ${MEMBER_VOTES}::int) g
    ON CONFLICT DO NOTHING`;
    await sql`UPDATE projects p SET votes = c.n FROM (SELECT project_id, count(*)::int AS n FROM votes GROUP BY project_id) c WHERE p.id = c.project_id`;
  });
  await sql`
    INSERT INTO ratings (project_id, user_id, ip_address, rating)
    SELECT ((g * 7) % ${PROJECTS}::int) + 1, (g % ${USERS}::int) + 1, 'r', (g % 10) + 1 FROM generate_series(1, 50000) g
    ON CONFLICT DO NOTHING`;
  const ranking = makeRankingQueries(sql);
  for (const period of TRENDING_PERIODS) await ranking.recomputeTrending(period);
  for (const range of LEADERBOARD_RANGES) await ranking.recomputeLeaderboard(range);
  await ranking.recomputeTopContributors();
});

const { plansOf } = db;

/** Fails on a sequential scan of projects or votes, showing the plan. */
function expectIndexed(plans: string[]) {
  expectNoSeqScan(plans, ['projects', 'votes']);
}

const visitor: Viewer = { userId: null, ip: 'ip12345' };
const member: Viewer = { userId: 42, ip: '192.0.2.7' };

describe('EXPLAIN of the list queries over 100k projects', () => {
  it.each(
    LATEST_SORTS.flatMap(
      (sort) =>
        [
          [sort, 0, visitor],
          [sort, 60, member],
        ] as const,
    ),
  )('latest by %s (offset %i) uses an index', async (sort, offset, viewer) => {
    expectIndexed(await plansOf((c) => makeProjectQueries(c).listProjects({ sort, offset, limit: 6, viewer })));
  });

  it.each(LATEST_SORTS)('a search sorted by %s uses an index', async (sort) => {
    expectIndexed(
      await plansOf((c) =>
        makeProjectQueries(c).listProjects({ sort, offset: 0, limit: 6, viewer: visitor, q: 'number 4242' }),
      ),
    );
  });

  it.each(TRENDING_PERIODS)('trending %s uses an index', async (period) => {
    expectIndexed(
      await plansOf((c) => makeRankingQueries(c).listTrending({ period, offset: 6, limit: 6, viewer: member })),
    );
    expectIndexed(
      await plansOf((c) => makeRankingQueries(c).listTrending({ period, offset: 0, limit: 6, viewer: visitor })),
    );
  });

  it.each(LEADERBOARD_RANGES)('leaderboard %s uses an index', async (range) => {
    expectIndexed(
      await plansOf((c) => makeRankingQueries(c).listLeaderboard({ range, offset: 0, limit: 10, viewer: member })),
    );
    expectIndexed(
      await plansOf((c) => makeRankingQueries(c).listLeaderboard({ range, offset: 0, limit: 10, viewer: visitor })),
    );
  });

  it('top contributors use an index', async () => {
    expectIndexed(await plansOf((c) => makeRankingQueries(c).listTopContributors()));
  });

  it('the profile list uses an index', async () => {
    expectIndexed(await plansOf((c) => makeProfileQueries(c).findProfileUser('SEED_77')));
    expectIndexed(await plansOf((c) => makeProfileQueries(c).listUserProjects(77, false)));
    expectIndexed(await plansOf((c) => makeProfileQueries(c).listUserProjects(77, true)));
  });

  it('the detail page (project and rating distribution) uses an index', async () => {
    expectIndexed(await plansOf((c) => makeProjectQueries(c).findProject(54_321, member)));
    expectIndexed(await plansOf((c) => makeProjectQueries(c).findProject(54_321, visitor)));
    expectIndexed(await plansOf((c) => makeRatingQueries(c).ratingDistribution(54_321)));
  });

  it('the explained score, the integrity scan and its evidence use indexes', async () => {
    expectIndexed(await plansOf((c) => projectScore(c, 54_321, 'week', new Date())));
    expectIndexed(await plansOf((c) => findRings(c, new Date())));
    const evidence = {
      summary: 'a ring',
      networks: [],
      accountIds: [1, 2, 3],
      voteIds: [10, 20, 30],
    };
    const cluster = {
      id: 1,
      signal: 'network',
      status: 'open',
      evidence,
      reason: null,
      reviewedAt: null,
      createdAt: new Date(),
    } as const;
    expectIndexed(await plansOf((c) => makeIntegrityQueries(c).evidenceOf(cluster)));
    expectIndexed(await plansOf((c) => makeIntegrityQueries(c).listClusters('open', 50)));
  });

  it('the seed is what the test claims (so a missing seed cannot pass it)', async () => {
    const [row] = await db.sql<{ projects: number; votes: number; trending: number }[]>`
      SELECT (SELECT count(*)::int FROM projects) AS projects, (SELECT count(*)::int FROM votes) AS votes,
             (SELECT count(*)::int FROM trending_scores) AS trending`;
    expect(row!.projects).toBe(PROJECTS);
    expect(row!.votes).toBeGreaterThan(VISITOR_VOTES);
    expect(row!.trending).toBeGreaterThan(0);
    const plan = (await plansOf((c) => c`SELECT id FROM projects WHERE tags = 'nope'`)).join('\n');
    expect(plan).toMatch(/Seq Scan on projects/);
  });
});
