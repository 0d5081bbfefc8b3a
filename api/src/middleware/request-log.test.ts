import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, TEST_PASSWORD } from '@vitrine/db/testing';
import { captureLogger } from '@vitrine/runtime/log-capture';
import { createApp } from '../app';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, makeTestApp, randomIp, type TestApp } from '../testing';
import { SESSION_COOKIE } from './session';
import { bullPrefix, EVENTS_QUEUE, eventJobId } from '@vitrine/runtime/queues';

/** The app of `t` again, on a server of its own, logging into memory (every level, unless `level`). */
async function loggedServer(
  t: TestApp,
  trustProxy: boolean,
  options: { level?: string; requestLog?: TestApp['config']['requestLog'] } = {},
) {
  const capture = captureLogger('api');
  if (options.level) capture.logger.level = options.level;
  const config = { ...t.deps.config, trustProxy, requestLog: options.requestLog ?? t.deps.config.requestLog };
  const app = createApp({ ...t.deps, config }, { logger: capture.logger });
  const server: Server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { ...capture, server, url };
}

/** The request id an answer carries. */
const idOf = (res: { headers: Record<string, string> }) => res.headers['x-request-id'] as string;

describe('request logs', () => {
  let t: TestApp;
  let trusted: Awaited<ReturnType<typeof loggedServer>>;
  let untrusted: Awaited<ReturnType<typeof loggedServer>>;
  beforeAll(async () => {
    t = await makeTestApp();
    trusted = await loggedServer(t, true);
    untrusted = await loggedServer(t, false);
  });
  afterAll(async () => {
    for (const s of [trusted, untrusted]) await new Promise<void>((resolve) => s.server.close(() => resolve()));
    await t.close();
  });

  it('logs method, route pattern, status, duration and user id, with the request id it answers', async () => {
    const user = await buildUser(t.deps.sql);
    const project = await buildProject(t.deps.sql, { userId: user.id });
    const agent = request.agent(trusted.url).set('Origin', t.config.siteUrl);
    const login = await call(agent, endpoints.auth.login, {
      body: { username: user.username, password: TEST_PASSWORD },
    }).set('X-Forwarded-For', randomIp());
    expect(login.status).toBe(200);
    const res = await call(agent, endpoints.projects.detail, { params: { id: project.id } }).set(
      'X-Request-Id',
      'edge-abc.123',
    );
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('edge-abc.123');
    const line = trusted.lines().find((l) => l.reqId === 'edge-abc.123');
    // The logged route pattern and path are what is checked: the literals are the point.
    expect(line).toMatchObject({
      msg: 'request',
      method: 'GET',
      route: '/api/projects/:id',
      status: 200,
      userId: user.id,
    });
    expect(typeof line?.durationMs).toBe('number');
    // The raw path (with the id) never becomes a route.
    expect(trusted.lines().some((l) => l.route === `/api/projects/${project.id}`)).toBe(false);
  });

  it('makes its own request id when the proxy is not trusted, or the given one is unfit', async () => {
    const res = await call(request(untrusted.url), endpoints.health.health).set('X-Request-Id', 'from-a-client');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const odd = await call(request(trusted.url), endpoints.health.health).set(
      'X-Request-Id',
      'has spaces and "quotes"',
    );
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // A path no route serves: the literal is the point.
    const unknown = await request(trusted.url).get('/api/no-such-thing/123');
    expect(unknown.status).toBe(404);
    expect(trusted.lines().find((l) => l.reqId === unknown.headers['x-request-id'])).toMatchObject({
      route: '(unmatched)',
      status: 404,
    });
  });

  it('never logs the password, cookie, CSRF token or session id of a request', async () => {
    const user = await buildUser(t.deps.sql);
    const agent = request.agent(trusted.url).set('Origin', t.config.siteUrl);
    const login = await call(agent, endpoints.auth.login, {
      body: { username: user.username, password: TEST_PASSWORD },
    })
      .set('X-Forwarded-For', randomIp())
      .set('Cookie', `${SESSION_COOKIE}=planted-session-id-777`)
      .set('X-CSRF-Token', 'csrf-token-888');
    expect(login.status).toBe(200);
    const setCookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
    const sid = setCookies.map((c) => new RegExp(`^${SESSION_COOKIE}=([^;]+)`).exec(c)?.[1]).find(Boolean);
    expect(sid).toBeTruthy();
    expect((await call(agent, endpoints.auth.me)).status).toBe(200);
    // An access token that is not valid is refused (401), and never logged either.
    expect((await call(agent, endpoints.auth.me).set('Authorization', 'Bearer bearer-token-999')).status).toBe(401);
    const bad = await call(agent, endpoints.auth.login, {
      body: { username: user.username, password: 'wrong-password-666' },
    }).set('X-Forwarded-For', randomIp());
    expect(bad.status).toBeGreaterThanOrEqual(400);
    const written = trusted.text();
    // The logged path is what is checked: the literal is the point.
    expect(written).toContain('/api/auth/login');
    for (const secret of [
      sid!,
      TEST_PASSWORD,
      'wrong-password-666',
      'planted-session-id-777',
      'csrf-token-888',
      'bearer-token-999',
    ])
      expect(written).not.toContain(secret);
    expect(written).not.toContain(sid!);
  });

  it('at info, writes the requests that need a look and leaves the rest to the sample (none here)', async () => {
    const quiet = await loggedServer(t, true, { level: 'info', requestLog: { sampleRate: 0, slowMs: 500 } });
    try {
      const project = await buildProject(t.deps.sql, { userId: (await buildUser(t.deps.sql)).id });
      const ids = {
        ok: idOf(await call(request(quiet.url), endpoints.projects.detail, { params: { id: project.id } })),
        missing: idOf(await call(request(quiet.url), endpoints.projects.detail, { params: { id: 999999999 } })),
        signedOut: idOf(await call(request(quiet.url), endpoints.auth.me)),
        bad: idOf(await call(request(quiet.url), endpoints.projects.latest, { query: { limit: -4 } })),
        refused: idOf(
          await call(request(quiet.url), endpoints.projects.vote, { params: { id: 1 } }).set(
            'Origin',
            'https://elsewhere.example',
          ),
        ),
      };
      const logged = (id: string) => quiet.lines().find((l) => l.reqId === id);
      expect(logged(ids.ok)).toBeUndefined();
      expect(logged(ids.missing)).toBeUndefined();
      expect(logged(ids.signedOut)).toBeUndefined();
      expect(logged(ids.bad)).toMatchObject({ status: 400, why: 'client-error', level: 30 });
      expect(logged(ids.refused)).toMatchObject({ status: 403, why: 'client-error', level: 30 });
    } finally {
      await new Promise<void>((resolve) => quiet.server.close(() => resolve()));
    }
  });

  it('at info with every request sampled, and at debug, writes every request', async () => {
    for (const options of [
      { level: 'info', requestLog: { sampleRate: 1, slowMs: 500 } },
      { level: 'debug', requestLog: { sampleRate: 0, slowMs: 500 } },
    ]) {
      const server = await loggedServer(t, true, options);
      try {
        const res = await call(request(server.url), endpoints.health.live);
        expect(server.lines().find((l) => l.reqId === res.headers['x-request-id'])).toMatchObject({
          status: 200,
          why: options.level === 'info' ? 'sample' : 'every',
        });
      } finally {
        await new Promise<void>((resolve) => server.server.close(() => resolve()));
      }
    }
  });

  it('carries the request id into the events a request commits and their jobs', async () => {
    const user = await buildUser(t.deps.sql);
    const agent = request.agent(trusted.url).set('Origin', t.config.siteUrl);
    await call(agent, endpoints.auth.login, { body: { username: user.username, password: TEST_PASSWORD } }).set(
      'X-Forwarded-For',
      randomIp(),
    );
    const created = await call(agent, endpoints.projects.submit, {
      body: {
        title: 'Traced project',
        description: 'A project whose events carry a request id.',
        replitUrl: 'https://x.example/',
        category: 'Game',
        tags: 'a',
      },
    })
      .set('X-Forwarded-For', randomIp())
      .set('X-Request-Id', 'submit-req-1');
    expect(created.status).toBe(201);
    const [event] = await t.deps.sql<{ id: string; requestId: string | null }[]>`
      SELECT id, request_id FROM events WHERE name = 'project.created' AND request_id = 'submit-req-1'`;
    expect(event?.requestId).toBe('submit-req-1');
    const jobKey = `${bullPrefix(t.config.redisPrefix)}:${EVENTS_QUEUE}:${eventJobId(Number(event!.id))}`;
    const data = JSON.parse((await t.deps.redis.hget(jobKey, 'data')) ?? '{}') as { reqId?: string };
    expect(data.reqId).toBe('submit-req-1');
  });
});
