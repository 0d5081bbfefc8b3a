import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildProject } from '@vitrine/db/testing';
import { makeRealtimeTestApp, type RealtimeTestApp } from '@vitrine/api/realtime/testing';
import { randomIp } from '@vitrine/api/testing';
import type { CurrentUser } from '@vitrine/domain/answers';

// The client module under test connects to `location`, as in a browser: point it at a real API node.
let t: RealtimeTestApp;
let client: typeof import('./socket');
beforeAll(async () => {
  t = await makeRealtimeTestApp();
  (globalThis as unknown as { location: URL }).location = new URL(t.origin);
  client = await import('./socket');
  const socket = await client.getSocket();
  await new Promise<void>((resolve) => (socket.connected ? resolve() : socket.once('connect', () => resolve())));
});
afterAll(async () => {
  (await client?.getSocket())?.disconnect();
  await t?.close();
});

const until = async (check: () => boolean, ms = 2000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const vote = (id: number) => t.agent().post(`/api/projects/${id}/vote`).set('X-Forwarded-For', randomIp());

/** A signed-in member, as the server hands it to the page. */
const MEMBER: CurrentUser = {
  id: 1,
  username: 'member',
  email: null,
  isAdmin: false,
  isPaused: false,
  role: 'developer',
  bio: null,
  developerTier: null,
  testerTier: null,
  emailVerified: true,
};

/** The last `project:counts` push per project, as the page's socket receives them. */
async function recordCounts(): Promise<{ votes: (id: number) => number | undefined; stop: () => void }> {
  const last = new Map<number, number>();
  const listener = (payload: { id: number; votes: number }) => void last.set(payload.id, payload.votes);
  const socket = await client.getSocket();
  socket.on('project:counts', listener);
  return { votes: (id) => last.get(id), stop: () => void socket.off('project:counts', listener) };
}

describe('web/src/lib/socket', () => {
  it('watches the union of what the screen shows, until the last watcher leaves', async () => {
    const shown = await buildProject(t.deps.sql);
    const pushes = await recordCounts();
    const card = client.watchProjects([shown.id]);
    const detail = client.watchProjects([shown.id]);
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect((await vote(shown.id)).status).toBe(200);
    await until(() => pushes.votes(shown.id) === 1);

    // One of two watchers leaves: the project is still watched.
    card();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await vote(shown.id)).status).toBe(200);
    await until(() => pushes.votes(shown.id) === 2);

    // The last one leaves: no more pushes.
    detail();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await vote(shown.id)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pushes.votes(shown.id)).toBe(2);
    pushes.stop();
  });

  it('asks for a refetch on a server sync and after a reconnect, and watches again', async () => {
    const shown = await buildProject(t.deps.sql);
    const pushes = await recordCounts();
    const stop = client.watchProjects([shown.id]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await vote(shown.id);
    await until(() => pushes.votes(shown.id) === 1);

    let resyncs = 0;
    const off = client.onResync(() => (resyncs += 1));
    t.realtime.io.local.emit('sync');
    await until(() => resyncs === 1);

    // The connection drops (an API node restarting): the client reconnects, watches again and resyncs.
    for (const socket of t.realtime.io.of('/').sockets.values()) socket.conn.close();
    await until(() => resyncs === 2, 5000);
    const socket = await client.getSocket();
    await until(() => socket.connected);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await vote(shown.id);
    await until(() => pushes.votes(shown.id) === 2);
    off();
    stop();
    pushes.stop();
  });

  it('refetches on its first connection for a member, whose badges were read before it joined its rooms', async () => {
    for (const member of [false, true]) {
      // A page of its own: a fresh socket module and session store.
      vi.resetModules();
      const { useSession, primeSession } = await import('../stores/session');
      primeSession(member ? MEMBER : null);
      await useSession.getState().load();
      const page = await import('./socket');
      let resyncs = 0;
      const off = page.onResync(() => (resyncs += 1));
      const socket = await page.getSocket();
      await until(() => socket.connected);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(resyncs, member ? 'member' : 'visitor').toBe(member ? 1 : 0);
      off();
      socket.disconnect();
    }
  });
});
