import { describe, expect, it } from 'vitest';
import { expectNoBigSort, expectNoSeqScan, seedProjects, seedUsers, useExplainDatabase } from '../testing-explain';
import { makeProjectHealthQueries } from './project-health';
import { makeProjectQueries } from './projects';

/**
 * The liveness reads are indexed: on a database of their own with 20k projects, each with a health
 * row (one in 20 down) and 15 checks (300k), EXPLAIN of each query shows no sequential scan of
 * projects, project_health or project_checks, and no sort of more than a page's rows.
 */
const PROJECTS = 20_000;
const CHECKS_PER_PROJECT = 15;

const db = useExplainDatabase('vitrine_explain_health', async (sql) => {
  await seedUsers(sql, 1000);
  await seedProjects(sql, PROJECTS, 1000);
  await sql`
    INSERT INTO project_health (project_id, status, since, checked_at)
    SELECT id, CASE WHEN id % 20 = 0 THEN 'down' ELSE 'up' END, now() - interval '1 day', now() FROM projects`;
  await sql`
    INSERT INTO project_checks (project_id, checked_at, outcome, latency_ms)
    SELECT p.id, now() - make_interval(hours => g * 50), CASE WHEN g % 5 = 0 THEN 'fail' ELSE 'up' END, 100 + g
    FROM projects p, generate_series(1, ${CHECKS_PER_PROJECT}::int) g`;
});

function expectIndexed(plans: string[]) {
  expectNoSeqScan(plans, ['projects', 'project_health', 'project_checks']);
  expectNoBigSort(plans, 1_000);
}

describe('liveness queries at scale', () => {
  it('pages the check targets, reads a health, its history and the prune through indexes', async () => {
    const id = 4242;
    expectIndexed(await db.plansOf((c) => makeProjectHealthQueries(c).listTargets(10_000, 1000)));
    expectIndexed(await db.plansOf((c) => makeProjectHealthQueries(c).findTarget(id)));
    expectIndexed(await db.plansOf((c) => makeProjectHealthQueries(c).findHealth(id)));
    expectIndexed(await db.plansOf((c) => makeProjectHealthQueries(c).listChecks(id)));
    expectIndexed(await db.plansOf((c) => makeProjectHealthQueries(c).pruneChecks(1000)));
  });

  it("reads each listed project's down badge through project_health's primary key", async () => {
    const plans = await db.plansOf((c) =>
      makeProjectQueries(c).listProjects({ sort: 'newest', offset: 0, limit: 12, viewer: null }),
    );
    expectIndexed(plans);
    expect(plans.join('\n')).toMatch(/project_health_pkey|project_health_down_idx/);
  });

  it('keeps 30 days of checks: uptime counts those, the prune drops the rest', async () => {
    const health = makeProjectHealthQueries(db.sql);
    // Checks every 50 hours: 14 of the 15 within 30 days; every fifth fails.
    expect(await health.findHealth(7)).toMatchObject({ status: 'up', upChecks: 12, failedChecks: 2 });
    expect((await health.listChecks(7)).length).toBe(14);
    expect(await health.pruneChecks(100_000)).toBeGreaterThan(0);
    const [old] = await db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM project_checks WHERE checked_at <= now() - interval '30 days'`;
    expect(old!.n).toBe(0);
    expect(await health.findHealth(7)).toMatchObject({ upChecks: 12, failedChecks: 2 });
  });

  it('lets an owner ask for a check once per interval', async () => {
    const health = makeProjectHealthQueries(db.sql);
    expect(await health.requestCheck(11, 300)).toBe(true);
    expect(await health.requestCheck(11, 300)).toBe(false);
    await db.sql`UPDATE project_health SET check_requested_at = now() - interval '301 seconds' WHERE project_id = 11`;
    expect(await health.requestCheck(11, 300)).toBe(true);
  });
});
