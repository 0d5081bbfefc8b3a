import { describe, expect, it } from 'vitest';
import { expectNoBigSort, expectNoSeqScan, seedProjects, seedUsers, useExplainDatabase } from '../testing-explain';
import { makeProjectStatsQueries, topSources } from './project-stats';

/**
 * The Stats tab's reads and folds stay flat however busy the site: on a database of its own with 1,000
 * projects of 400 days of stats each and 100,000 votes and impressions, reading a year of one project is one range of
 * the primary key (no scan of the table; at most its 366 rows sorted), and a day's fold reads that day's votes and
 * impressions by their time indexes.
 */
const PROJECTS = 1_000;
const DAYS = 400;
const VOTES = 100_000;

const db = useExplainDatabase('vitrine_explain_stats', async (sql) => {
  await seedUsers(sql, 100);
  await seedProjects(sql, PROJECTS, 100);
  await sql`
    INSERT INTO project_daily_stats (project_id, day, views, visitors, referrers)
    SELECT p, current_date - d, 1000 + d, 500, '{"news.example": 10}'
    FROM generate_series(1, ${PROJECTS}::int) p, generate_series(0, ${DAYS - 1}::int) d`;
  await sql`
    INSERT INTO votes (project_id, user_id, ip_address, created_at)
    SELECT (g % ${PROJECTS}::int) + 1, NULL, 'ip-' || g, now() - make_interval(mins => g)
    FROM generate_series(1, ${VOTES}::int) g`;
  await sql`
    INSERT INTO project_impressions (project_id, day, visitor, weight, created_at)
    SELECT (g % ${PROJECTS}::int) + 1, (now() - make_interval(mins => g))::date, 'ip:' || g, 0.25, now() - make_interval(mins => g)
    FROM generate_series(1, ${VOTES}::int) g`;
});

describe('project_daily_stats at scale', () => {
  it('reads a year of one project as one primary-key range of at most 366 rows', async () => {
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const rows = await makeProjectStatsQueries(db.sql).listDays(42, from, to);
    expect(rows).toHaveLength(366);
    expect(rows[0]!.day).toBe(from);
    expect(rows.at(-1)!.referrers).toEqual({ 'news.example': 10 });
    const plans = await db.plansOf((c) => makeProjectStatsQueries(c).listDays(42, from, to));
    expect(plans[0]).toMatch(/Index Scan (using|on) project_daily_stats_pkey/);
    expectNoSeqScan(plans, ['project_daily_stats']);
    expectNoBigSort(plans, 1000);
  });

  it("folds a day's votes and impressions through their time indexes", async () => {
    const day = new Date().toISOString().slice(0, 10);
    const plans = await db.plansOf(async (c) => {
      await makeProjectStatsQueries(c).foldVotes(day);
      await makeProjectStatsQueries(c).foldImpressions(day);
    });
    expectNoSeqScan(plans, ['votes', 'project_impressions', 'project_daily_stats']);
  });
});

describe('topSources', () => {
  it('keeps the top sources and adds the rest to (other)', () => {
    expect(topSources({ a: 5, b: 3, c: 1, d: 1, '(other)': 2 }, 2)).toEqual({ a: 5, b: 3, '(other)': 4 });
    expect(topSources({ a: 1 }, 2)).toEqual({ a: 1 });
  });
});
