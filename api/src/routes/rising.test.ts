import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomInt } from 'node:crypto';
import { buildProject } from '@vitrine/db/testing';
import { RISING_MAX_IMPRESSIONS } from '@vitrine/domain/constants';
import { endpoints } from '@vitrine/domain/endpoints';
import { fairExposureEndpoints } from '@vitrine/domain/endpoints-fair-exposure';
import { answerOf, call, callLoosely, makeTestApp, randomIp, type TestApp } from '../testing';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3600 * 1000;

/**
 * Moves the strip's clock to noon of a day of its own, years ahead (deps.clock): the projects other
 * test files create now stay out of its 72-hour window, so the strip holds only this test's projects.
 */
function ownDay(): Date {
  const now = new Date(Date.UTC(2200 + randomInt(0, 700), randomInt(0, 12), randomInt(1, 28), 12));
  t.deps.clock = () => now;
  return now;
}

/** `n` visible projects created in the last hours before `now`. */
async function fresh(now: Date, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++)
    ids.push((await buildProject(t.deps.sql, { createdAt: new Date(now.getTime() - (i + 1) * HOUR) })).id);
  return ids;
}

async function strip(ip: string, limit = 12): Promise<number[]> {
  const res = await call(t.agent(), fairExposureEndpoints.rising, { query: { limit } }).set('X-Forwarded-For', ip);
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return answerOf(fairExposureEndpoints.rising, res).map((p) => p.id);
}

const impress = (ip: string, projectIds: number[]) =>
  call(t.agent(), fairExposureEndpoints.impressions, { body: { projectIds } }).set('X-Forwarded-For', ip);

describe('New & rising', () => {
  it('shows visible projects under 72 hours old, not older or hidden ones', async () => {
    const now = ownDay();
    const [young] = await fresh(now, 1);
    const old = await buildProject(t.deps.sql, { createdAt: new Date(now.getTime() - 72 * HOUR - 1000) });
    const nearly = await buildProject(t.deps.sql, { createdAt: new Date(now.getTime() - 71 * HOUR) });
    const hidden = await buildProject(t.deps.sql, { createdAt: new Date(now.getTime() - HOUR), isHidden: true });
    const ids = await strip(randomIp());
    expect(ids.sort()).toEqual([young!, nearly.id].sort());
    expect(ids).not.toContain(old.id);
    expect(ids).not.toContain(hidden.id);
  });

  it('rotates deterministically per visitor and per day', async () => {
    const now = ownDay();
    const ids = await fresh(now, 10);
    const ip = randomIp();
    const first = await strip(ip);
    expect([...first].sort()).toEqual([...ids].sort());
    expect(await strip(ip)).toEqual(first);
    // Ten projects have 3,628,800 orders: another visitor, or the next day, gets another one.
    expect(await strip(randomIp())).not.toEqual(first);
    t.deps.clock = () => new Date(now.getTime() + 24 * HOUR);
    const nextDay = await strip(ip);
    expect([...nextDay].sort()).toEqual([...ids].sort());
    expect(nextDay).not.toEqual(first);
    // limit takes the first of the same order.
    t.deps.clock = () => now;
    expect(await strip(ip, 3)).toEqual(first.slice(0, 3));
  });

  it('counts an impression once per visitor per project per day, and only projects in that strip', async () => {
    const now = ownDay();
    const [a, b] = await fresh(now, 2);
    const outside = await buildProject(t.deps.sql, { createdAt: new Date(now.getTime() - 80 * HOUR) });
    const ip = randomIp();
    const first = await impress(ip, [a, b, outside.id, a]);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ counted: 2 });
    expect((await impress(ip, [a, b])).body).toEqual({ counted: 0 });
    expect((await impress(randomIp(), [a])).body).toEqual({ counted: 1 });
    const rows = await t.deps.sql<{ projectId: number; n: number }[]>`
      SELECT project_id, count(*)::int AS n FROM project_impressions WHERE project_id IN ${t.deps.sql([a!, b!, outside.id])}
      GROUP BY project_id ORDER BY project_id`;
    expect(rows).toEqual([
      { projectId: a, n: 2 },
      { projectId: b, n: 1 },
    ]);
    // The next day counts again.
    t.deps.clock = () => new Date(now.getTime() + 24 * HOUR);
    expect((await impress(ip, [a])).body).toEqual({ counted: 1 });
  });

  it(`drops a project once its weighed impressions reach ${RISING_MAX_IMPRESSIONS}`, async () => {
    const now = ownDay();
    const [p] = await fresh(now, 1);
    const day = now.toISOString().slice(0, 10);
    // Members with standing on networks of their own weigh 1 each; a visitor weighs 0.25.
    await t.deps.sql`
      INSERT INTO project_impressions (project_id, day, visitor, network, weight)
      SELECT ${p!}, ${day}::date, 'u:' || n, '10.9.' || n || '.0/24', 1 FROM generate_series(1, ${RISING_MAX_IMPRESSIONS - 1}) n`;
    expect(await strip(randomIp())).toEqual([p]);
    for (let i = 0; i < 3; i += 1) expect((await impress(randomIp(), [p])).body).toEqual({ counted: 1 });
    expect(await strip(randomIp())).toEqual([p]);
    expect((await impress(randomIp(), [p])).body).toEqual({ counted: 1 });
    expect(await strip(randomIp())).toEqual([]);
    // Gone from the strip, it counts no more.
    expect((await impress(randomIp(), [p])).body).toEqual({ counted: 0 });
  });

  it('refuses malformed batches and too many ids with 400', async () => {
    ownDay();
    const ip = randomIp();
    for (const bad of [[], 'x', [0], [1.5], Array.from({ length: 13 }, (_, i) => i + 1)]) {
      const res = await callLoosely(t.agent(), fairExposureEndpoints.impressions, { body: { projectIds: bad } }).set(
        'X-Forwarded-For',
        ip,
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'projectIds must be a list of 1 to 12 project ids' });
    }
    expect((await call(t.agent(), fairExposureEndpoints.rising, { query: { limit: 13 } })).status).toBe(400);
  });

  it('limits beacons per address (429) and keeps readiness answering while strangers hammer it', async () => {
    const now = ownDay();
    const [p] = await fresh(now, 1);
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await impress(ip, [p])).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);

    const strangers = Array.from({ length: 16 }, () => randomIp());
    const hammer = Promise.all(
      strangers.map(async (stranger) => {
        for (let i = 0; i < 10; i++) await impress(stranger, [p]);
      }),
    );
    const ready = await call(t.agent(), endpoints.health.ready);
    await hammer;
    expect(ready.status).toBe(200);
  });
});
