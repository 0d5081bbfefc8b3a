import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { foldStats } from '@vitrine/runtime/page-stats-fold';
import { statsDay, statsKeys } from '@vitrine/runtime/page-stats';
import type { ProjectStats } from '@vitrine/domain/answers';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, callLoosely, makeTestApp, randomIp, type TestApp } from '../testing';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Folds the counters as the worker's fold-stats job does. */
const fold = () => foldStats({ sql: t.deps.sql, redis: t.deps.redis, prefix: t.config.redisPrefix }, 2);

/** A project of a new owner, with the owner's signed-in agent. */
async function ownedProject() {
  const owner = await t.member();
  const project = await buildProject(t.deps.sql, { userId: owner.user.id });
  return { ...owner, project };
}

/** A visitor's view beacon from `ip`, with the browser `ua` and what the page says of its origin. */
const view = (projectId: number, ip: string, body: object = {}, headers: Record<string, string> = {}) =>
  callLoosely(t.agent(), endpoints.projects.view, { params: { id: projectId }, body }).set({
    'X-Forwarded-For': ip,
    'User-Agent': 'test-browser/1.0',
    ...headers,
  });

const today = () => statsDay(new Date());

describe('GET /api/projects/{id}/stats', () => {
  it('answers the owner and admins; 403 for another member, 401 for a visitor, 404 for an unknown project', async () => {
    const { agent, project } = await ownedProject();
    expect((await call(agent, endpoints.stats.projectStats, { params: { id: project.id } })).status).toBe(200);
    const admin = await buildUser(t.deps.sql, { isAdmin: true });
    expect(
      (
        await call(await t.signIn(admin), endpoints.stats.projectStats, {
          params: { id: project.id },
          query: { days: 7 },
        })
      ).status,
    ).toBe(200);
    const other = await t.member();
    const refused = await call(other.agent, endpoints.stats.projectStats, { params: { id: project.id } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: expect.any(String) });
    expect((await call(t.agent(), endpoints.stats.projectStats, { params: { id: project.id } })).status).toBe(401);
    expect((await call(agent, endpoints.stats.projectStats, { params: { id: 2147483000 } })).status).toBe(404);
    // A hidden project: its owner still reads it; another member learns nothing of it.
    await t.deps.sql`UPDATE projects SET is_hidden = true WHERE id = ${project.id}`;
    expect((await call(agent, endpoints.stats.projectStats, { params: { id: project.id } })).status).toBe(200);
    expect((await call(other.agent, endpoints.stats.projectStats, { params: { id: project.id } })).status).toBe(404);
    expect(
      (await callLoosely(agent, endpoints.stats.projectStats, { params: { id: project.id }, query: { days: 12 } }))
        .body,
    ).toEqual({
      message: 'days must be 7, 30 or 90',
    });
  });

  it('answers every day of the window, oldest first, today last, zeros where nothing happened', async () => {
    const { agent, project } = await ownedProject();
    for (const days of [7, 30, 90]) {
      const body = (
        await call(agent, endpoints.stats.projectStats, { params: { id: project.id }, query: { days: days } })
      ).body as ProjectStats;
      expect(body.windowDays).toBe(days);
      expect(body.days).toHaveLength(days);
      expect(body.days.at(-1)!.date).toBe(today());
      expect(body.days[0]).toMatchObject({ views: 0, visitors: 0, clicks: 0, votes: 0 });
    }
  });

  it('counts every view, each visitor once a day, the sources by host or utm_source, and clicks', async () => {
    const { agent, project } = await ownedProject();
    const [a, b] = [randomIp(), randomIp()];
    await view(project.id, a, { referrer: 'https://www.news.example/story/42?ref=secret' });
    await view(project.id, a, { referrer: 'https://news.example/other' });
    await view(project.id, a, { referrer: 'https://news.example/' }, { 'User-Agent': 'test-browser/1.0' });
    await view(project.id, b, { referrer: 'https://forum.example/t/1', utmSource: 'Newsletter' });
    await view(project.id, b, {});
    const member = await t.member();
    await call(member.agent, endpoints.projects.view, { params: { id: project.id }, body: {} }).set(
      'X-Forwarded-For',
      a,
    );
    // The owner's own visits are not counted for the owner.
    expect((await call(agent, endpoints.projects.view, { params: { id: project.id }, body: {} })).status).toBe(200);
    // The outbound link: a visitor's first click of the day counts, a repeat does not.
    await t.agent().get(`/go/${project.id}`).set('X-Forwarded-For', a);
    await t.agent().get(`/go/${project.id}`).set('X-Forwarded-For', a);
    await t.agent().get(`/go/${project.id}`).set('X-Forwarded-For', b);
    await fold();

    const body = (await call(agent, endpoints.stats.projectStats, { params: { id: project.id }, query: { days: 7 } }))
      .body as ProjectStats;
    expect(body.days.at(-1)).toMatchObject({ date: today(), views: 6, visitors: 3, clicks: 2 });
    expect(body.referrers).toEqual([
      { source: 'news.example', visits: 3 },
      { source: '(direct)', visits: 2 },
      { source: 'newsletter', visits: 1 },
    ]);
  });

  it('records nothing for the stats when the reader sends DNT or Sec-GPC; the public view counter still counts', async () => {
    const { agent, project } = await ownedProject();
    const dnt = await view(project.id, randomIp(), { referrer: 'https://news.example/' }, { DNT: '1' });
    expect(dnt.status).toBe(200);
    expect(dnt.body).toEqual({ views: 1 });
    await view(project.id, randomIp(), { referrer: 'https://news.example/' }, { 'Sec-GPC': '1' });
    await t.agent().get(`/go/${project.id}`).set({ 'X-Forwarded-For': randomIp(), DNT: '1' });
    const keys = statsKeys(t.config.redisPrefix, today());
    expect(await t.deps.redis.hget(keys.views, String(project.id))).toBeNull();
    expect(await t.deps.redis.hget(keys.clicks, String(project.id))).toBeNull();
    expect(await t.deps.redis.exists(keys.visitors(project.id), keys.sources(project.id))).toBe(0);
    await fold();
    const body = (await call(agent, endpoints.stats.projectStats, { params: { id: project.id }, query: { days: 7 } }))
      .body as ProjectStats;
    expect(body.days.at(-1)).toMatchObject({ views: 0, visitors: 0, clicks: 0 });
    expect(body.referrers).toEqual([]);
    const [row] = await t.deps.sql<{ views: number }[]>`SELECT views FROM projects WHERE id = ${project.id}`;
    expect(row!.views).toBe(2);
  });

  it('keeps no address: not in Redis, not in the daily rows', async () => {
    const { project } = await ownedProject();
    const ip = randomIp();
    await view(project.id, ip, { referrer: 'https://news.example/' });
    const keys = statsKeys(t.config.redisPrefix, today());
    const stored = [
      JSON.stringify(await t.deps.redis.hgetall(keys.views)),
      JSON.stringify(await t.deps.redis.hgetall(keys.sources(project.id))),
      (await t.deps.redis.getBuffer(keys.visitors(project.id)))!.toString('latin1'),
      JSON.stringify(await t.deps.redis.smembers(keys.dirty)),
    ];
    for (const value of stored) expect(value).not.toContain(ip);
    // The salt lives until the day ends, no longer.
    const ttl = await t.deps.redis.ttl(keys.salt);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(86_400);
    await fold();
    const rows = await t.deps.sql`SELECT * FROM project_daily_stats WHERE project_id = ${project.id}`;
    expect(JSON.stringify(rows)).not.toContain(ip);
  });

  it('bounds the sources a day keeps: past the limit, a new source counts as (other)', async () => {
    const { agent, project } = await ownedProject();
    const ip = randomIp();
    for (let i = 0; i < 55; i++) await view(project.id, ip, { referrer: `https://site-${i}.example/` });
    await view(project.id, ip, { referrer: `https://${'x'.repeat(80)}.example/` });
    const keys = statsKeys(t.config.redisPrefix, today());
    expect(await t.deps.redis.hlen(keys.sources(project.id))).toBe(51);
    await fold();
    const body = (await call(agent, endpoints.stats.projectStats, { params: { id: project.id }, query: { days: 7 } }))
      .body as ProjectStats;
    expect(body.referrers).toHaveLength(20);
    expect(body.referrers[0]).toEqual({ source: '(other)', visits: 36 });
  });

  it('counts votes raw and by weight, each with its reason; a ring-held vote counts 0; impressions with their weight', async () => {
    const { agent, project } = await ownedProject();
    const sql = t.deps.sql;
    const voters = await Promise.all([buildUser(sql), buildUser(sql), buildUser(sql)]);
    const [cluster] = await sql<{ id: number }[]>`
      INSERT INTO integrity_clusters (signal, fingerprint, evidence)
      VALUES ('network', ${`fp-${project.id}`}, ${sql.json({
        // A whole evidence, as the scan files it: the admins' Integrity tab of the run's shared database reads it.
        summary: 'One held vote',
        networks: ['10.0.0.0/24'],
        accountIds: [voters[2]!.id],
        voteIds: [],
      })}) RETURNING id`;
    await sql`
      INSERT INTO votes (project_id, user_id, ip_address, kind, weight, cluster_id) VALUES
        (${project.id}, ${voters[0]!.id}, '10.0.0.1', 'standing', 1, NULL),
        (${project.id}, ${voters[1]!.id}, '10.0.0.2', 'newMember', 0.5, NULL),
        (${project.id}, ${voters[2]!.id}, '10.0.0.3', 'newMember', 0, ${cluster!.id}),
        (${project.id}, NULL, '10.0.0.4', 'visitor', 0.25, NULL),
        (${project.id}, NULL, '10.0.0.5', 'clickedVisitor', 0.5, NULL)`;
    await sql`
      INSERT INTO project_impressions (project_id, day, visitor, weight, created_at) VALUES
        (${project.id}, current_date, 'ip:a', 0.25, now()), (${project.id}, current_date, 'u:1', 1, now())`;
    await fold();
    const body = (await call(agent, endpoints.stats.projectStats, { params: { id: project.id }, query: { days: 7 } }))
      .body as ProjectStats;
    expect(body.days.at(-1)).toMatchObject({ votes: 5, countedVotes: 2.25, impressions: 2, exposure: 1.25 });
    expect(body.voteSources).toEqual([
      { reason: 'standing', raw: 1, counted: 1 },
      { reason: 'tester', raw: 0, counted: 0 },
      { reason: 'newMember', raw: 1, counted: 0.5 },
      { reason: 'clickedVisitor', raw: 1, counted: 0.5 },
      { reason: 'visitor', raw: 1, counted: 0.25 },
      { reason: 'ring', raw: 1, counted: 0 },
    ]);
  });

  it('folds idempotently: a second fold changes nothing, a new view adds exactly one', async () => {
    const { project } = await ownedProject();
    const ip = randomIp();
    await view(project.id, ip, {});
    await view(project.id, ip, {});
    await fold();
    const read = async () =>
      (
        await t.deps
          .sql`SELECT views, visitors, referrers::text FROM project_daily_stats WHERE project_id = ${project.id}`
      )[0];
    const first = await read();
    expect(first).toMatchObject({ views: 2, visitors: 1 });
    await fold();
    expect(await read()).toEqual(first);
    // A fold that failed after taking the counters left them in the folding set: the next one writes them.
    await view(project.id, ip, {});
    const keys = statsKeys(t.config.redisPrefix, today());
    await t.deps.redis.sadd(keys.folding, String(project.id));
    await fold();
    await fold();
    expect(await read()).toMatchObject({ views: 3, visitors: 1 });
    // While another fold holds the counters, a fold leaves them alone; the next one writes them.
    await view(project.id, ip, {});
    const lock = `${t.config.redisPrefix}stats:fold-lock`;
    await t.deps.redis.set(lock, 'another fold', 'PX', 30_000);
    expect(await fold()).toBe(0);
    expect(await read()).toMatchObject({ views: 3 });
    await t.deps.redis.del(lock);
    await fold();
    expect(await read()).toMatchObject({ views: 4, visitors: 1 });
  });
});
