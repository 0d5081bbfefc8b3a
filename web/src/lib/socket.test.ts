import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject } from '@vitrine/db/testing';
import { makeRealtimeTestApp, type RealtimeTestApp } from '@vitrine/api/realtime/testing';
import { randomIp } from '@vitrine/api/testing';

// The client module under test connects to `location`, as in a browser: point it at a real API node.
let t: RealtimeTestApp;
let client: typeof import('./socket');
beforeAll(async () => {
  t = await makeRealtimeTestApp();
  (globalThis as unknown as { location: URL }).location = new URL(t.origin);
  client = await import('./socket');
  const socket = client.getSocket();
  await new Promise<void>((resolve) => (socket.connected ? resolve() : socket.once('connect', () => resolve())));
});
afterAll(async () => {
  client?.getSocket().disconnect();
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

describe('web/src/lib/socket', () => {
  it('watches the union of what the screen shows and keeps the pushed counts', async () => {
    const shown = await buildProject(t.deps.sql);
    const changes: number[] = [];
    const stopListening = client.subscribeLiveCounts(() => changes.push(client.getLiveCountsVersion()));
    const card = client.watchProjects([shown.id]);
    const detail = client.watchProjects([shown.id]);
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect((await vote(shown.id)).status).toBe(200);
    await until(() => client.getLiveCounts(shown.id)?.votes === 1);
    expect(changes.length).toBeGreaterThan(0);

    // One of two watchers leaves: the project is still watched.
    card();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await vote(shown.id)).status).toBe(200);
    await until(() => client.getLiveCounts(shown.id)?.votes === 2);

    // The last one leaves: no more pushes, and its counts are forgotten.
    detail();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.getLiveCounts(shown.id)).toBeUndefined();
    expect((await vote(shown.id)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.getLiveCounts(shown.id)).toBeUndefined();
    stopListening();
  });

  it('asks for a refetch and drops pushed counts on a server sync and after a reconnect', async () => {
    const shown = await buildProject(t.deps.sql);
    const stop = client.watchProjects([shown.id]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await vote(shown.id);
    await until(() => client.getLiveCounts(shown.id) !== undefined);

    let resyncs = 0;
    const off = client.onResync(() => (resyncs += 1));
    t.realtime.io.local.emit('sync');
    await until(() => resyncs === 1);
    expect(client.getLiveCounts(shown.id)).toBeUndefined();

    // The connection drops (an API node restarting): the client reconnects, watches again and resyncs.
    for (const socket of t.realtime.io.of('/').sockets.values()) socket.conn.close();
    await until(() => resyncs === 2, 5000);
    await until(() => client.getSocket().connected);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await vote(shown.id);
    await until(() => client.getLiveCounts(shown.id)?.votes === 2);
    off();
    stop();
  });
});
