import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type Test from 'supertest/lib/test';
import type { AnswerOf, Endpoint } from '@vitrine/domain/endpoints';
import { urlOf, type CallArgs } from '@vitrine/domain/endpoint-url';
import { buildUser, TEST_PASSWORD } from '@vitrine/db/testing';
import type { UserRow } from '@vitrine/db/queries/users';
import { loadConfig, type Config } from '@vitrine/runtime/config';
import { createApp } from './app';
import { createDeps } from './deps';
import type { LiveEmitter } from '@vitrine/runtime/publisher';
import type { Deps } from './context';
import { createRenderPool } from './public/render-pool';

/**
 * The typed test client: a call of `endpoint` through supertest, its method and path taken from the
 * route's contract (domain/src/endpoint-url.ts urlOf, as the web's client builds them) and its params,
 * query and body typed by it, so a test names the route instead of writing its URL. The answer's body
 * is typed with `answerOf`.
 */
export function call<E extends Endpoint>(agent: TestAgent, endpoint: E, ...args: CallArgs<E>): Test {
  const sent = agent[endpoint.method](urlOf(endpoint, ...args));
  const body = (args[0] as { body?: unknown } | undefined)?.body;
  return body === undefined ? sent : sent.send(body as object);
}

/**
 * A call of `endpoint` with input its contract does not take (a malformed body or parameter, to prove
 * the refusal): the route is still named, only the input is loose.
 */
export function callLoosely(
  agent: TestAgent,
  endpoint: Endpoint,
  input: { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown },
): Test {
  return call(agent, endpoint as Endpoint<never>, input as never);
}

/** The body of a call's answer, typed as the route's contract says. */
export function answerOf<E extends Endpoint>(_endpoint: E, res: { body: unknown }): AnswerOf<E> {
  return res.body as AnswerOf<E>;
}

/** An app on this test run's database, with a Redis prefix of its own (so rate limits do not leak between files). */
export interface TestApp {
  deps: Deps;
  config: Config;
  server: Server;
  /** http://127.0.0.1:port, also SITE_URL (the origin writes must come from) unless overridden. */
  origin: string;
  /** A supertest agent that keeps cookies and sends SITE_URL's origin on writes. */
  agent: () => TestAgent;
  /** A signed-in agent for `user` (made with the factories' password). */
  signIn: (user: UserRow) => Promise<TestAgent>;
  /** A new user and an agent signed in as them. */
  member: (overrides?: Parameters<typeof buildUser>[1]) => Promise<{ user: UserRow; agent: TestAgent }>;
  close: () => Promise<void>;
}

/** Builds and listens an app for a test file. */
export async function makeTestApp(
  overrides: Partial<Config> = {},
  live?: LiveEmitter,
  renderOptions?: Parameters<typeof createRenderPool>[0],
): Promise<TestApp> {
  const prefix = `${inject('redisPrefix')}${randomBytes(3).toString('hex')}:`;
  // Listening first tells the port, so SITE_URL (the origin writes must come from) is this server's.
  let handler: RequestListener = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    databaseUrl: inject('databaseUrl'),
    redisUrl: inject('redisUrl'),
    redisPrefix: prefix,
    trustProxy: true,
    siteUrl: origin,
    // Pictures go to a directory of this app's own, removed on close.
    media: { dir: mkdtempSync(join(tmpdir(), 'vitrine-media-test-')), s3: null },
    ...overrides,
  };
  const { close: closeDeps, ...deps } = createDeps(config, {
    live,
    poolSize: 5,
    redisName: 'test',
    publishLog: () => {},
    renderOptions,
  });
  const { sql } = deps;
  const app = createApp(deps);
  handler = app.callback();

  const agent = () => request.agent(server).set('Origin', new URL(config.siteUrl).origin) as unknown as TestAgent;
  const signIn = async (user: UserRow) => {
    const a = agent();
    // Each sign-in from its own address, so the per-IP sign-in limit never trips across tests.
    const res = await a
      .post('/api/auth/login')
      .set('X-Forwarded-For', randomIp())
      .send({ username: user.username, password: TEST_PASSWORD });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
    return a;
  };
  return {
    deps,
    config,
    server,
    origin,
    agent,
    signIn,
    async member(o) {
      const user = await buildUser(sql, o);
      return { user, agent: await signIn(user) };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeDeps();
      if (config.media.dir.startsWith(tmpdir())) rmSync(config.media.dir, { recursive: true, force: true });
    },
  };
}

/** A random private-range IPv4 address, to stand for a distinct visitor. */
export function randomIp(): string {
  // Three random bytes: 16 million addresses, so a test's few hundred never collide (two bytes did, now and then).
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${(b[2]! % 254) + 1}`;
}
