import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildProject, buildUser } from '@vitrine/db/testing';
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

  it('watches the profile asked for last among those still shown, and none once they all left', async () => {
    const [first, second, fan] = await Promise.all([1, 2, 3].map(() => buildUser(t.deps.sql)));
    const agent = await t.signIn(fan!);
    const last = new Map<string, number>();
    const socket = await client.getSocket();
    const listener = ({ username, followers }: { username: string; followers: number }) =>
      void last.set(username, followers);
    socket.on('user:followers', listener);
    const follow = async (maker: typeof first, on: boolean) => {
      const path = `/api/users/${maker!.username}/follow`;
      expect((await (on ? agent.post(path) : agent.delete(path))).status).toBe(200);
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

    // A page shows the first profile, then a second one mounts over it: only the second is watched.
    const page = client.watchProfile(first!.username);
    const over = client.watchProfile(second!.username.toUpperCase());
    await settle();
    await follow(second, true);
    await until(() => last.get(second!.username) === 1);
    await follow(first, true);
    await settle();
    expect(last.has(first!.username)).toBe(false);

    // The second leaves: the first is watched again; then it leaves too, and nothing is watched.
    over();
    await settle();
    await follow(first, false);
    await until(() => last.get(first!.username) === 0);
    page();
    await settle();
    await follow(first, true);
    await follow(second, false);
    await settle();
    expect(Object.fromEntries(last)).toEqual({ [first!.username]: 0, [second!.username]: 1 });
    socket.off('user:followers', listener);
  });

  it('asks for a refetch on a server sync and after a reconnect, and watches again', async () => {
    const shown = await buildProject(t.deps.sql);
    const [maker, fan] = await Promise.all([buildUser(t.deps.sql), buildUser(t.deps.sql)]);
    const pushes = await recordCounts();
    const stop = client.watchProjects([shown.id]);
    const stopProfile = client.watchProfile(maker.username);
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
    let followers: unknown = null;
    socket.once('user:followers', (push) => (followers = push));
    expect((await (await t.signIn(fan)).post(`/api/users/${maker.username}/follow`)).status).toBe(200);
    await until(() => followers !== null);
    expect(followers).toEqual({ username: maker.username, followers: 1 });
    off();
    stop();
    stopProfile();
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
