import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '@vitrine/db/testing';
import { bullPrefix, EVENTS_QUEUE } from '@vitrine/runtime/queues';
import { makeTestApp, type TestApp } from './testing';
import { ADMIN_ONLY } from './contracts/pipeline';
import { BOARD_ACTION_REFUSED, QUEUE_BOARD_PATH } from './queue-board';

describe('the queue board (/admin/queues)', () => {
  let t: TestApp;
  let queue: Queue;
  beforeAll(async () => {
    t = await makeTestApp();
    queue = new Queue(EVENTS_QUEUE, { connection: t.deps.redis, prefix: bullPrefix(t.config.redisPrefix) });
  });
  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
    await t.close();
  });

  /** A job of the events queue that failed for good. */
  async function failedJob(): Promise<string> {
    const job = await queue.add('vote.created', { id: 1 });
    const connection = t.deps.redis.duplicate({ maxRetriesPerRequest: null });
    const worker = new Worker(EVENTS_QUEUE, () => Promise.reject(new UnrecoverableError('made to fail')), {
      connection,
      prefix: bullPrefix(t.config.redisPrefix),
    });
    await new Promise<void>((resolve) => worker.on('failed', (failed) => failed?.id === job.id && resolve()));
    await worker.close();
    connection.disconnect();
    expect(await job.getState()).toBe('failed');
    return job.id!;
  }

  it('refuses a visitor (401) and a member (403), on the page and its API', async () => {
    for (const path of [QUEUE_BOARD_PATH, `${QUEUE_BOARD_PATH}/api/queues`]) {
      const visitor = await t.agent().get(path);
      expect(visitor.status).toBe(401);
      expect(visitor.body.message).toEqual(expect.any(String));
      const { agent } = await t.member();
      const member = await agent.get(path);
      expect(member.status).toBe(403);
      expect(member.body).toEqual({ message: ADMIN_ONLY });
    }
    const { agent } = await t.member();
    expect((await agent.put(`${QUEUE_BOARD_PATH}/api/queues/${EVENTS_QUEUE}/some-job/retry`)).status).toBe(403);
  });

  it("sends a browser opening the board's page to the site's pages: a visitor to sign-in and back, a member to /admin", async () => {
    const html = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const visitor = await t.agent().get(`${QUEUE_BOARD_PATH}?status=failed`).set('Accept', html);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.location).toBe(`/auth?next=${encodeURIComponent(`${QUEUE_BOARD_PATH}?status=failed`)}`);
    const { agent } = await t.member();
    const member = await agent.get(QUEUE_BOARD_PATH).set('Accept', html);
    expect([member.status, member.headers.location]).toEqual([302, '/admin']);
    // The board's API stays JSON for everyone.
    expect((await t.agent().get(`${QUEUE_BOARD_PATH}/api/queues`).set('Accept', html)).status).toBe(401);
    const admin = await t.signIn(await buildUser(t.deps.sql, { isAdmin: true }));
    expect((await admin.get(QUEUE_BOARD_PATH).set('Accept', html)).status).toBe(200);
  });

  it('shows an admin the board under the site security headers', async () => {
    const admin = await t.signIn(await buildUser(t.deps.sql, { isAdmin: true }));
    const page = await admin.get(QUEUE_BOARD_PATH);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/html/);
    const base = /<base href="([^"]+)"/.exec(page.text)?.[1];
    const script = /<script defer src="([^"]+)"/.exec(page.text)?.[1];
    const asset = await admin.get(new URL(script!, `http://x${base}`).pathname);
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cache-control']).toBe('private, no-store');
    const api = await admin.get(`${QUEUE_BOARD_PATH}/api/queues`);
    expect(api.status).toBe(200);
    const names = (api.body as { queues: { name: string }[] }).queues.map((q) => q.name);
    expect(names).toEqual(expect.arrayContaining(['events', 'tasks', 'emails']));
  });

  it('lets an admin retry a failed job, from the site origin only, and refuses queue-wide changes', async () => {
    const id = await failedJob();
    const admin = await t.signIn(await buildUser(t.deps.sql, { isAdmin: true }));
    const crossSite = await admin
      .put(`${QUEUE_BOARD_PATH}/api/queues/${EVENTS_QUEUE}/${id}/retry`)
      .set('Origin', 'https://elsewhere.example');
    expect(crossSite.status).toBe(403);
    expect(await (await queue.getJob(id))!.getState()).toBe('failed');

    const retried = await admin.put(`${QUEUE_BOARD_PATH}/api/queues/${EVENTS_QUEUE}/${id}/retry`);
    expect(retried.status).toBe(204);
    expect(await (await queue.getJob(id))!.getState()).toBe('waiting');

    const emptied = await admin.put(`${QUEUE_BOARD_PATH}/api/queues/${EVENTS_QUEUE}/empty`);
    expect(emptied.status).toBe(403);
    expect(emptied.body).toEqual({ message: BOARD_ACTION_REFUSED });
    expect(await queue.getJob(id)).toBeDefined();
  });
});
