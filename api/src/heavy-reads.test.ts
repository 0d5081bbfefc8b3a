import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject } from '@vitrine/db/testing';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, makeTestApp, randomIp, type TestApp } from './testing';
import { Gate, HEAVY_READS_BUSY_MESSAGE } from './heavy-reads';
import { RENDER_BUSY_MESSAGE } from './public/render-pool';

/**
 * What a stranger's uncached expensive reads may cost (docs/security.md): share cards and sitemap
 * files are made in a render pool of bounded threads and queue (503 beyond), searches and sitemap
 * reads pass gates that hold a few connections at most, and each address has a budget of them (429).
 */

/** The render pool of these tests: one thread, one render waiting. */
const THREADS = 1;
const QUEUE = 1;

let t: TestApp;
beforeAll(async () => {
  // Budgets at half the production size keep the loops short (rateLimitMultiplier scales every limit).
  t = await makeTestApp({ rateLimitMultiplier: 0.5 }, undefined, { threads: THREADS, queue: QUEUE });
});
afterAll(async () => {
  await t.close();
});

describe('Gate', () => {
  it('runs at most its concurrency at once, queues its queue, and refuses one more with 503', async () => {
    const gate = new Gate(2, 1);
    let running = 0;
    let most = 0;
    const release: Array<() => void> = [];
    const work = () =>
      gate.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running--;
        return 'done';
      });
    const runs = [work(), work(), work()];
    await expect(work()).rejects.toMatchObject({ status: 503, message: HEAVY_READS_BUSY_MESSAGE });
    expect(gate.load()).toEqual({ running: 2, waiting: 1 });
    while (release.length > 0 || running > 0) {
      release.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await Promise.all(runs)).toEqual(['done', 'done', 'done']);
    expect(most).toBe(2);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('share cards and sitemaps', () => {
  it('render at most the pool threads at once, and answer 503 with a message beyond its queue, never a 500', async () => {
    const projects = await Promise.all(
      Array.from({ length: 6 }, (_, i) => buildProject(t.deps.sql, { title: `Concurrent card ${i} ${Math.random()}` })),
    );
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, t.deps.renders.load().running)), 2);
    try {
      const answers = await Promise.all(
        projects.map((p) => t.agent().get(`/cards/projects/${p.id}.png`).set('X-Forwarded-For', randomIp())),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(THREADS + QUEUE);
      const busy = answers.filter((res) => res.status === 503);
      expect(busy.length).toBeGreaterThan(0);
      for (const res of busy) {
        expect(res.body).toEqual({ message: RENDER_BUSY_MESSAGE });
        expect(res.headers['retry-after']).toBeDefined();
      }
    } finally {
      clearInterval(watch);
    }
    expect(most).toBeLessThanOrEqual(THREADS);
    expect(t.deps.renders.load()).toEqual({ running: 0, waiting: 0 });
  }, 60_000);

  it('spend the address budget on sitemaps and on cards not made yet: 429 with a message when spent', async () => {
    const ip = randomIp();
    const project = await buildProject(t.deps.sql, { title: `Budget card ${Math.random()}` });
    expect((await t.agent().get(`/cards/projects/${project.id}.png`).set('X-Forwarded-For', ip)).status).toBe(200);
    // 60 per minute in production, 30 here: the first card spent one.
    for (let i = 1; i < 30; i++)
      expect((await t.agent().get('/sitemap.xml').set('X-Forwarded-For', ip)).status).toBe(200);
    const sitemap = await t.agent().get('/sitemaps/projects-1.xml').set('X-Forwarded-For', ip);
    expect(sitemap.status).toBe(429);
    expect(sitemap.body).toEqual({
      message: 'Too many share cards and sitemaps from this address. Please try again in a minute.',
    });
    expect(sitemap.headers['retry-after']).toBeDefined();
    const other = await buildProject(t.deps.sql, { title: `Budget card other ${Math.random()}` });
    expect((await t.agent().get(`/cards/projects/${other.id}.png`).set('X-Forwarded-For', ip)).status).toBe(429);
    // A card made already costs nothing, and another address has its own budget.
    expect((await t.agent().get(`/cards/projects/${project.id}.png`).set('X-Forwarded-For', ip)).status).toBe(200);
    expect((await t.agent().get('/sitemaps/projects-1.xml').set('X-Forwarded-For', randomIp())).status).toBe(200);
  }, 60_000);
});

describe('searches', () => {
  /** A search of the latest projects for `q`. */
  const search = (q: string) => call(t.agent(), endpoints.projects.latest, { query: { q } });

  it('spend the address search budget: 429 with a message when spent', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) expect((await search(`budget${i}`).set('X-Forwarded-For', ip)).status).toBe(200);
    const res = await search('budget').set('X-Forwarded-For', ip);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'Too many searches. Please wait a minute before searching again.' });
    // Lists without a search are shared reads: no budget.
    expect(
      (await call(t.agent(), endpoints.projects.latest, { query: { sort: 'views' } }).set('X-Forwarded-For', ip))
        .status,
    ).toBe(200);
  });

  it('never hold more of the main pool than the search gate allows', async () => {
    const gate = t.deps.heavyReads.search;
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, gate.load().running)), 1);
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => search(`%_%${i}`).set('X-Forwarded-For', randomIp())),
      );
      expect(answers.map((res) => res.status)).toEqual(Array(12).fill(200));
    } finally {
      clearInterval(watch);
    }
    expect(most).toBeLessThanOrEqual(gate.concurrency);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });
});
