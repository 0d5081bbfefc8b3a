import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { makeRankingQueries, restartRunningTotals } from '@vitrine/db/queries/rankings';
import { loadConfig } from '@vitrine/runtime/config';
import { endpoints } from '@vitrine/domain/endpoints';
import { answerOf, call, makeTestApp, randomIp, type TestApp } from '../testing';
import { CHECK_TOO_SOON, CHECKS_OFF } from '../commands/check-requester';

let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  // The API only records the request for a check; no worker runs here, so nothing is contacted.
  t = await makeTestApp({ liveness: { ...loadConfig({}).liveness, enabled: true } });
  off = await makeTestApp();
});
afterAll(async () => {
  await t.close();
  await off.close();
});

/** Sets a project's health as the worker's checks would leave it, with a check per entry of `outcomes`. */
async function setHealth(projectId: number, status: string, since: Date, outcomes: string[] = []) {
  await t.deps.sql`
    INSERT INTO project_health (project_id, status, since, checked_at, latency_ms) VALUES (${projectId}, ${status}, ${since}, now(), 120)
    ON CONFLICT (project_id) DO UPDATE SET status = excluded.status, since = excluded.since`;
  for (const [i, outcome] of outcomes.entries())
    await t.deps.sql`
      INSERT INTO project_checks (project_id, checked_at, outcome, latency_ms)
      VALUES (${projectId}, now() - make_interval(mins => ${(outcomes.length - i) * 15}), ${outcome}, 100)`;
}

describe('a project page and cards with the live-or-down checks', () => {
  it('shows a never-checked project as unknown, without a down badge', async () => {
    const project = await buildProject(t.deps.sql);
    const res = await call(t.agent(), endpoints.projects.detail, { params: { id: project.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      downSince: null,
      health: { status: 'unknown', since: null, checkedAt: null, uptime30d: null, latencyMs: null },
    });
  });

  it("shows a down project with its badge on the page, in Latest and on its maker's profile, its uptime and history", async () => {
    const project = await buildProject(t.deps.sql);
    const since = new Date(Date.now() - 45 * 60_000);
    await setHealth(project.id, 'down', since, ['up', 'fail', 'fail', 'fail']);
    const page = (await call(t.agent(), endpoints.projects.detail, { params: { id: project.id } })).body;
    expect(page.downSince).toBe(since.toISOString());
    expect(page.health).toMatchObject({ status: 'down', since: since.toISOString(), uptime30d: 0.25, latencyMs: 120 });
    const latest = answerOf(
      endpoints.projects.latest,
      await call(t.agent(), endpoints.projects.latest, { query: { limit: 50 } }),
    );
    expect(latest.find((p) => p.id === project.id)?.downSince).toBe(since.toISOString());
    const [maker] = await t.deps.sql<{ username: string }[]>`SELECT username FROM users WHERE id = ${project.userId}`;
    const profile = (await call(t.agent(), endpoints.users.profile, { params: { username: maker!.username } }))
      .body as {
      projects: Array<{ id: number; downSince: string | null }>;
    };
    expect(profile.projects.find((p) => p.id === project.id)?.downSince).toBe(since.toISOString());
    const history = await call(t.agent(), endpoints.projectHealth.history, { params: { id: project.id } });
    expect(history.status).toBe(200);
    expect(history.body.checks.map((c: { outcome: string }) => c.outcome)).toEqual(['up', 'fail', 'fail', 'fail']);
  });

  it('leaves a down project out of Trending until it is back up', async () => {
    const project = await buildProject(t.deps.sql);
    for (let i = 0; i < 50; i += 1)
      await t.deps
        .sql`INSERT INTO votes (project_id, ip_address, created_at) VALUES (${project.id}, ${randomIp()}, now() - interval '1 minute')`;
    await t.deps.sql`UPDATE projects SET votes = 50 WHERE id = ${project.id}`;
    await restartRunningTotals(t.deps.sql);
    await makeRankingQueries(t.deps.sql).recomputeTrending('today');
    const trendingIds = async () =>
      answerOf(
        endpoints.projects.trending,
        await call(t.agent(), endpoints.projects.trending, { query: { period: 'today', limit: 100 } }),
      ).map((p) => p.id);
    expect(await trendingIds()).toContain(project.id);
    await setHealth(project.id, 'down', new Date());
    t.deps.sharedReads.dropStale(['*']);
    expect(await trendingIds()).not.toContain(project.id);
    await setHealth(project.id, 'up', new Date());
    t.deps.sharedReads.dropStale(['*']);
    expect(await trendingIds()).toContain(project.id);
  });

  it("answers 404 for a hidden project's health to a stranger", async () => {
    const project = await buildProject(t.deps.sql, { isHidden: true });
    const res = await call(t.agent(), endpoints.projectHealth.history, { params: { id: project.id } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBeTruthy();
  });
});

describe('POST /api/projects/{id}/health/check', () => {
  it('lets the owner ask for a check once per 5 minutes (202, then 429), recorded as an event', async () => {
    const { user, agent } = await t.member();
    const project = await buildProject(t.deps.sql, { userId: user.id });
    const res = await call(agent, endpoints.projectHealth.checkNow, { params: { id: project.id } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: 'Check queued' });
    const again = await call(agent, endpoints.projectHealth.checkNow, { params: { id: project.id } });
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ message: CHECK_TOO_SOON });
    const events = await t.deps.sql<{ name: string }[]>`
      SELECT name FROM events WHERE name = 'project.checkRequested' AND (payload->>'projectId')::int = ${project.id}`;
    expect(events).toHaveLength(1);
  });

  it('refuses a visitor (401) and another member (403)', async () => {
    const project = await buildProject(t.deps.sql);
    expect((await call(t.agent(), endpoints.projectHealth.checkNow, { params: { id: project.id } })).status).toBe(401);
    const { agent } = await t.member();
    const res = await call(agent, endpoints.projectHealth.checkNow, { params: { id: project.id } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBeTruthy();
  });

  it('answers 409 where the checks are off', async () => {
    const user = await buildUser(off.deps.sql);
    const project = await buildProject(off.deps.sql, { userId: user.id });
    const agent = await off.signIn(user);
    const res = await call(agent, endpoints.projectHealth.checkNow, { params: { id: project.id } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: CHECKS_OFF });
  });
});
