import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, TEST_PASSWORD, uniqueName } from '@vitrine/db/testing';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, makeTestApp, randomIp, type TestApp } from '../testing';
import { INSECURE_SIGN_IN_WARNING, SESSION_COOKIE } from './session';
import { captureLogger } from '@vitrine/runtime/log-capture';
import { setRootLogger } from '@vitrine/runtime/logger';

/**
 * Production behind a trusted proxy (NODE_ENV=production, TRUST_PROXY=1): the session cookie's Secure
 * flag follows the request. A sign-in that reaches the api over plain HTTP without X-Forwarded-Proto
 * used to answer 500 (koa-session refused to set a Secure cookie on an insecure request).
 */
let t: TestApp;
const logs = captureLogger('api');
beforeAll(async () => {
  setRootLogger(logs.logger);
  t = await makeTestApp({ production: true, trustProxy: true, siteUrl: 'https://vitrine.test' });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The session cookie line of a response, if it set one. */
function sessionCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const lines = (res.headers['set-cookie'] ?? []) as string[];
  return lines.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
}

describe('session cookie in production over plain HTTP', () => {
  it('signs in, registers and signs out without a 500, with a cookie that is not Secure, and warns once', async () => {
    const user = await buildUser(t.deps.sql);
    const login = await call(t.agent(), endpoints.auth.login, {
      body: { username: user.username, password: TEST_PASSWORD },
    }).set('X-Forwarded-For', randomIp());
    expect(login.status).toBe(200);
    expect(sessionCookie(login)).toBeDefined();
    expect(sessionCookie(login)).not.toMatch(/;\s*secure/i);

    const agent = t.agent();
    const register = await call(agent, endpoints.auth.register, {
      body: { username: uniqueName(), password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
    }).set('X-Forwarded-For', randomIp());
    expect(register.status).toBe(201);
    expect(sessionCookie(register)).not.toMatch(/;\s*secure/i);
    expect((await call(agent, endpoints.auth.me)).status).toBe(200);
    const logout = await call(agent, endpoints.auth.logout);
    expect(logout.status).toBe(204);
    expect((await call(agent, endpoints.auth.me)).status).toBe(401);

    const warnings = logs.lines().filter((line) => line.msg === INSECURE_SIGN_IN_WARNING && line.level === 40);
    expect(warnings).toHaveLength(1);
  });

  it('sets a Secure cookie when the proxy says the request came over HTTPS', async () => {
    const user = await buildUser(t.deps.sql);
    const login = await call(t.agent(), endpoints.auth.login, {
      body: { username: user.username, password: TEST_PASSWORD },
    })
      .set('X-Forwarded-Proto', 'https')
      .set('X-Forwarded-For', randomIp());
    expect(login.status).toBe(200);
    expect(sessionCookie(login)).toMatch(/;\s*secure/i);
  });
});
