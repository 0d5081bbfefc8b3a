import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, TEST_PASSWORD, uniqueName } from '@vitrine/db/testing';
import { makeUserQueries } from '@vitrine/db/queries/users';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, makeTestApp, randomIp, type TestApp } from './testing';
import { SESSION_COOKIE } from './middleware/session';

/**
 * In production (NODE_ENV=production) no sign-in, registration, sign-out or read with a
 * deleted user's cookie may answer 500, whatever the proxy setting and whether or not the proxy says
 * https. Each combination gets an app of its own.
 */
const CASES = [
  { trustProxy: true, proto: null },
  { trustProxy: true, proto: 'https' },
  { trustProxy: true, proto: 'http' },
  { trustProxy: false, proto: null },
  { trustProxy: false, proto: 'https' },
] as const;

/** The session cookie line of a response, if it set one. */
function sessionCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const lines = (res.headers['set-cookie'] ?? []) as string[];
  return lines.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
}

/** The Cookie header a browser sends back after `res` (the session id and its signature). */
function cookieHeader(res: { headers: Record<string, unknown> }): string {
  return ((res.headers['set-cookie'] ?? []) as string[]).map((line) => line.split(';')[0]).join('; ');
}

describe.each(CASES)('production, TRUST_PROXY=$trustProxy, X-Forwarded-Proto $proto', ({ trustProxy, proto }) => {
  let t: TestApp;
  /** The request is https only when the proxy is trusted and says so. */
  const secure = trustProxy && proto === 'https';
  beforeAll(async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    t = await makeTestApp({
      production: true,
      trustProxy,
      siteUrl: secure ? 'https://vitrine.test' : 'http://vitrine.test',
    });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  /** An agent whose requests carry the case's headers (Origin SITE_URL's, as the browser would send it). */
  const agent = () => {
    const a = t.agent();
    if (proto) a.set('X-Forwarded-Proto', proto);
    return a.set('X-Forwarded-For', randomIp());
  };

  it('signs in, reads, signs out', async () => {
    const user = await buildUser(t.deps.sql);
    const a = agent();
    const login = await call(a, endpoints.auth.login, {
      body: { username: user.username, password: TEST_PASSWORD, rememberMe: true },
    });
    expect(login.status).toBe(200);
    if (secure) expect(sessionCookie(login)).toMatch(/;\s*secure/i);
    else expect(sessionCookie(login)).not.toMatch(/;\s*secure/i);
    // supertest's agent keeps only cookies it may send back: over plain http it drops Secure ones.
    const cookie = cookieHeader(login);
    expect((await call(a, endpoints.auth.me).set('Cookie', cookie)).status).toBe(200);
    expect((await call(a, endpoints.auth.logout).set('Cookie', cookie)).status).toBe(204);
    expect((await call(a, endpoints.auth.me).set('Cookie', cookie)).status).toBe(401);
  });

  it('registers with 201 and a session', async () => {
    const username = uniqueName('prod');
    const res = await call(agent(), endpoints.auth.register, {
      body: { username, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
    });
    expect(res.status).toBe(201);
    expect(sessionCookie(res)).toBeDefined();
  });

  it("continues as a visitor with a deleted user's cookie and drops the session", async () => {
    const user = await buildUser(t.deps.sql);
    const login = await call(agent(), endpoints.auth.login, {
      body: { username: user.username, password: TEST_PASSWORD },
    });
    const cookies = cookieHeader(login);
    await makeUserQueries(t.deps.sql).deleteUser(user.id);
    const reads = [
      ['GET /api/projects', () => call(agent(), endpoints.projects.latest)],
      ['GET /api/auth/me', () => call(agent(), endpoints.auth.me)],
      ['GET /', () => agent().get('/')],
    ] as const;
    for (const [name, read] of reads) {
      const res = await read().set('Cookie', cookies);
      expect(res.status, name).toBeLessThan(500);
    }
    const me = await call(agent(), endpoints.auth.me).set('Cookie', cookies);
    expect(me.status).toBe(401);
    const sid = sessionCookie(login)!.split(';')[0]!.split('=')[1]!;
    expect(await t.deps.redis.exists(`${t.config.redisPrefix}sess:${sid}`)).toBe(0);
    // A write with the stale cookie is a visitor's too: signing out, signing in as someone else, registering.
    const logout = await call(agent(), endpoints.auth.logout).set('Cookie', cookies);
    expect(logout.status).toBe(204);
    const other = await buildUser(t.deps.sql);
    const again = await call(agent(), endpoints.auth.login, {
      body: { username: other.username, password: TEST_PASSWORD },
    }).set('Cookie', cookies);
    expect(again.status).toBe(200);
    expect((await call(agent(), endpoints.auth.me).set('Cookie', cookieHeader(again))).body).toMatchObject({
      id: other.id,
    });
    const username = uniqueName('prod');
    const register = await call(agent(), endpoints.auth.register, {
      body: { username, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
    }).set('Cookie', cookies);
    expect(register.status).toBe(201);
  });
});
