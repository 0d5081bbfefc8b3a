import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { TEST_PASSWORD } from '@vitrine/db/testing';
import type { UserRow } from '@vitrine/db/queries/users';
import type { ClientToServerEvents, ServerToClientEvents } from '@vitrine/domain/events';
import { makeTestApp, randomIp, type TestApp } from '../testing';
import type { Config } from '@vitrine/runtime/config';
import { attachRealtime, type Realtime } from './server';

/** A socket.io-client socket typed with our event maps. */
export type TestSocket = ClientSocket<ServerToClientEvents, ClientToServerEvents>;

/** A test app with Socket.IO attached, and helpers to open sockets as a visitor or a member. */
export interface RealtimeTestApp extends TestApp {
  realtime: Realtime;
  /** The Cookie header of a fresh sign-in as `user`. */
  cookieFor(user: UserRow): Promise<string>;
  /** A connected socket (websocket transport, our Origin), signed in when a cookie is given. */
  connect(cookie?: string): Promise<TestSocket>;
}

/**
 * makeTestApp plus attachRealtime. Pass the same `redisPrefix` to several of these to get several
 * API nodes of one deployment (one Redis adapter channel).
 */
export async function makeRealtimeTestApp(overrides: Partial<Config> = {}): Promise<RealtimeTestApp> {
  const t = await makeTestApp(overrides);
  const realtime = attachRealtime(t.server, t.deps, { log: () => {} });
  const sockets: TestSocket[] = [];
  return {
    ...t,
    realtime,
    async cookieFor(user) {
      const res = await t
        .agent()
        .post('/api/auth/login')
        .set('X-Forwarded-For', randomIp())
        .send({ username: user.username, password: TEST_PASSWORD });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
      const lines = (res.headers['set-cookie'] ?? []) as unknown as string[];
      return lines.map((line) => line.split(';')[0]).join('; ');
    },
    async connect(cookie) {
      const socket: TestSocket = connectClient(t.origin, {
        transports: ['websocket'],
        extraHeaders: { Origin: t.origin, ...(cookie ? { Cookie: cookie } : {}) },
        reconnectionDelay: 100,
        reconnectionDelayMax: 500,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    },
    async close() {
      for (const socket of sockets) socket.disconnect();
      await realtime.close();
      await t.close().catch(() => {});
    },
  };
}

/** Resolves with the first `event` the socket receives within `ms`, or rejects. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  ms = 1000,
): Promise<Parameters<ServerToClientEvents[E]>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler as never);
      reject(new Error(`no ${String(event)} within ${ms} ms`));
    }, ms);
    const handler = (...args: unknown[]) => {
      clearTimeout(timer);
      resolve(args as Parameters<ServerToClientEvents[E]>);
    };
    socket.once(event, handler as never);
  });
}

/** Everything a socket receives, for asserting what it did not get. */
export function recordEvents(socket: TestSocket): { name: string; args: unknown[] }[] {
  const seen: { name: string; args: unknown[] }[] = [];
  socket.onAny((name: string, ...args: unknown[]) => seen.push({ name, args }));
  return seen;
}
