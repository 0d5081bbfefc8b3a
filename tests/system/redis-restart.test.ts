import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { buildProject } from '@vitrine/db/testing';
import type { Config } from '@vitrine/runtime/config';
import { makeRealtimeTestApp, nextEvent, type RealtimeTestApp } from '@vitrine/api/realtime/testing';
import { startWorker, type RunningWorker } from '@vitrine/worker/index';
import { freePort, waitFor, workerTestConfig } from '@vitrine/worker/testing';

/** A write must answer within this long even while Redis is down. */
const WRITE_BUDGET_MS = 2000;

let port: number;
let dir: string;
let redisServer: ChildProcess | undefined;
let config: Config;
let api: RealtimeTestApp;
let worker: RunningWorker;

/** A Redis of this test's own, persisted like production (appendonly), on a spare port. */
async function startRedis(): Promise<ChildProcess> {
  const proc = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--dir',
      dir,
    ],
    {
      stdio: 'ignore',
    },
  );
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  await waitFor('redis-server to answer', async () => {
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      probe.disconnect();
      return false;
    }
  });
  probe.disconnect();
  return proc;
}

async function stopRedis() {
  const proc = redisServer;
  redisServer = undefined;
  if (!proc || proc.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  port = await freePort();
  dir = await mkdtemp(path.join(tmpdir(), 'vitrine-redis-'));
  redisServer = await startRedis();
  config = workerTestConfig({ redisUrl: `redis://127.0.0.1:${port}` });
  api = await makeRealtimeTestApp({ redisUrl: config.redisUrl, redisPrefix: config.redisPrefix });
  worker = await startWorker(config, {
    relayEveryMs: 500,
    relayAfterMs: 1000,
    recomputeDelayMs: 100,
    lockDurationMs: 3000,
    stalledIntervalMs: 1000,
  });
});
afterAll(async () => {
  await worker?.close();
  await api?.close();
  await stopRedis();
  await rm(dir, { recursive: true, force: true });
});

/** A visitor's vote from its own address (X-Forwarded-For is trusted in tests). */
let voter = 0;
const vote = (projectId: number) => {
  voter += 1;
  return api.agent().post(`/api/projects/${projectId}/vote`).set('X-Forwarded-For', `192.0.2.${voter}`);
};

describe('a Redis restart during writes', () => {
  it('fails no write, loses no event, and workers and sockets carry on', async () => {
    const project = await buildProject(api.deps.sql);
    const socket = await api.connect();
    socket.emit('projects:watch', [project.id]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = nextEvent(socket, 'project:counts');
    expect((await vote(project.id)).status).toBe(200);
    expect((await before)[0].votes).toBe(1);

    await stopRedis();
    const slowest: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const started = Date.now();
      const res = await vote(project.id);
      slowest.push(Date.now() - started);
      expect(res.status, res.text).toBe(200);
      expect(res.body.votes).toBe(2 + i);
    }
    const started = Date.now();
    const contact = await api.agent().post('/api/contact').set('X-Forwarded-For', '192.0.2.250').send({
      senderName: 'Down',
      senderEmail: 'down@example.com',
      subject: 'While Redis is down',
      message: 'This message must not be lost.',
      mode: 'platform',
    });
    slowest.push(Date.now() - started);
    expect(contact.status, contact.text).toBeLessThan(300);
    expect(Math.max(...slowest)).toBeLessThan(WRITE_BUDGET_MS);
    const unpublished = await api.deps.sql`SELECT id FROM events WHERE published_at IS NULL`;
    expect(unpublished.length).toBeGreaterThanOrEqual(11);

    // The API node tells its sockets to refetch once its adapter is subscribed again.
    const synced = nextEvent(socket, 'sync', 20_000);
    redisServer = await startRedis();
    await synced;

    // No event lost: the relay enqueued every one, and the worker handled every one.
    const mine = await api.deps.sql<{ id: string }[]>`
      SELECT id FROM events WHERE (name = 'vote.created' AND (payload->>'projectId')::int = ${project.id})
         OR (name = 'message.created' AND (payload->>'messageId')::int = (SELECT id FROM contact_messages WHERE subject = 'While Redis is down'))`;
    expect(mine).toHaveLength(12);
    await waitFor(
      'every event published and handled',
      async () => {
        const states = await Promise.all(mine.map((e) => worker.queues.events.getJobState(`event-${e.id}`)));
        return states.every((s) => s === 'completed');
      },
      20_000,
    );
    const left = await api.deps
      .sql`SELECT id FROM events WHERE published_at IS NULL AND id = ANY(${mine.map((e) => e.id)}::bigint[])`;
    expect(left).toEqual([]);
    await waitFor(
      'the leaderboard with the votes cast during the outage',
      async () => {
        const [row] = await api.deps.sql<
          { votes: number }[]
        >`SELECT votes FROM leaderboard_entries WHERE time_range = 'all' AND project_id = ${project.id}`;
        return row?.votes === 11;
      },
      10_000,
    );

    // Live pushes flow again through the same socket, and new sockets connect. (The relay also
    // pushes the counts of the events it relayed, so wait for the one of this vote.)
    const after = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no push of the 12th vote')), 2000);
      socket.on('project:counts', (counts) => {
        if (counts.id !== project.id || counts.votes !== 12) return;
        clearTimeout(timer);
        resolve();
      });
    });
    expect((await vote(project.id)).status).toBe(200);
    await after;
    const fresh = await api.connect();
    expect(fresh.connected).toBe(true);
  }, 90_000);
});
