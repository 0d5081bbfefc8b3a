import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, uniqueName, TEST_PASSWORD } from '@vitrine/db/testing';
import { REMEMBER_ME_MS } from '@vitrine/domain/constants';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, callLoosely, makeTestApp, randomIp, type TestApp } from '../testing';
import { BAD_CREDENTIALS } from './auth';

let t: TestApp;
/** Set-Cookie lines of an answer. */
const cookies = (res: { headers: Record<string, unknown> }) => (res.headers['set-cookie'] ?? []) as string[];
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const valid = () => {
  const username = uniqueName('new');
  return {
    username,
    password: 'a-good-password',
    confirmPassword: 'a-good-password',
    email: `${username}@example.com`,
    role: 'developer' as const,
    bio: 'Hi',
  };
};

describe('GET /api/auth/me', () => {
  it('answers 401 with a message when anonymous', async () => {
    const res = await call(t.agent(), endpoints.auth.me);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: expect.any(String) });
  });
});

describe('POST /api/auth/register', () => {
  it('creates the user, answers id, username, email, isAdmin and signs in with a HttpOnly SameSite=Lax cookie', async () => {
    const agent = t.agent();
    const input = valid();
    const res = await call(agent, endpoints.auth.register, { body: input }).set('X-Forwarded-For', randomIp());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      username: input.username,
      email: input.email,
      isAdmin: false,
      isPaused: false,
      role: 'developer',
      bio: 'Hi',
      developerTier: null,
      testerTier: null,
      emailVerified: false,
    });
    const cookie = cookies(res).join('\n');
    expect(cookie).toMatch(/vitrine\.sid=/);
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/password/i);
    const me = await call(agent, endpoints.auth.me);
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(input.username);
    const [row] = await t.deps.sql`SELECT password_hash, role, bio FROM users WHERE id = ${res.body.id}`;
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.role).toBe('developer');
  });

  it('accepts an empty email and defaults the role to both', async () => {
    const { email: _email, role: _role, ...input } = valid();
    const res = await call(t.agent(), endpoints.auth.register, { body: { ...input, email: '' } }).set(
      'X-Forwarded-For',
      randomIp(),
    );
    expect(res.status).toBe(201);
    expect(res.body.email).toBeNull();
    const [row] = await t.deps.sql`SELECT role FROM users WHERE id = ${res.body.id}`;
    expect(row!.role).toBe('both');
  });

  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters'],
    [{ username: 'a'.repeat(31) }, 'Username cannot exceed 30 characters'],
    [{ username: 'bad name!' }, 'Username can only contain letters, numbers, underscores, and hyphens'],
    [{ email: 'not-an-email' }, 'Invalid email format'],
    [{ password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    [{ password: 'x'.repeat(101), confirmPassword: 'x'.repeat(101) }, 'Password is too long'],
    [{ confirmPassword: 'something-else' }, "Passwords don't match"],
    [{ bio: 'b'.repeat(501) }, 'Bio must be 500 characters or less'],
  ])('refuses %j with the product message', async (change, message) => {
    const input = { ...valid(), ...change };
    const res = await callLoosely(t.agent(), endpoints.auth.register, { body: input }).set(
      'X-Forwarded-For',
      randomIp(),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    const rows = await t.deps.sql`SELECT 1 FROM users WHERE lower(username) = lower(${String(input.username)})`;
    expect(rows).toHaveLength(0);
  });

  it('refuses a duplicate username in any letter case with 409', async () => {
    const input = valid();
    expect(
      (await call(t.agent(), endpoints.auth.register, { body: input }).set('X-Forwarded-For', randomIp())).status,
    ).toBe(201);
    const res = await call(t.agent(), endpoints.auth.register, {
      body: { ...input, username: input.username.toUpperCase() },
    }).set('X-Forwarded-For', randomIp());
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Username already exists' });
  });

  it('answers 400, not 500, to malformed JSON and 413 to a huge body', async () => {
    const bad = await callLoosely(t.agent(), endpoints.auth.register, {})
      .set('Content-Type', 'application/json')
      .send('{"username":');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: expect.any(String) });
    const huge = await call(t.agent(), endpoints.auth.register, { body: { ...valid(), bio: 'x'.repeat(200_000) } });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: expect.any(String) });
  });
});

describe('POST /api/auth/login', () => {
  it('signs in, and the session survives across requests', async () => {
    const user = await buildUser(t.deps.sql, { email: 'x@example.com' });
    const agent = t.agent();
    const res = await call(agent, endpoints.auth.login, {
      body: { username: user.username.toUpperCase(), password: TEST_PASSWORD },
    }).set('X-Forwarded-For', randomIp());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      username: user.username,
      email: 'x@example.com',
      isAdmin: false,
      isPaused: false,
      role: 'both',
      bio: null,
      developerTier: null,
      testerTier: null,
      emailVerified: false,
    });
    for (let i = 0; i < 3; i += 1) expect((await call(agent, endpoints.auth.me)).body.id).toBe(user.id);
  });

  it('gives one message for a wrong password and for an unknown username', async () => {
    const user = await buildUser(t.deps.sql);
    const wrong = await call(t.agent(), endpoints.auth.login, {
      body: { username: user.username, password: 'wrong-password' },
    }).set('X-Forwarded-For', randomIp());
    const unknown = await call(t.agent(), endpoints.auth.login, {
      body: { username: uniqueName('nobody'), password: 'wrong-password' },
    }).set('X-Forwarded-For', randomIp());
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: BAD_CREDENTIALS });
    expect(unknown.body).toEqual({ message: BAD_CREDENTIALS });
  });

  it.each([
    [{ username: 'ab', password: 'secret1' }, 'Username must be at least 3 characters'],
    [{ username: 'abc', password: '12345' }, 'Password must be at least 6 characters'],
    [{ username: 'abc', password: '123456', rememberMe: 'yes' }, 'rememberMe must be true or false'],
    [{}, 'Username must be at least 3 characters'],
  ])('refuses %j with the product message', async (body, message) => {
    const res = await callLoosely(t.agent(), endpoints.auth.login, { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('keeps the cookie 30 days with rememberMe and for the browser session without it', async () => {
    const user = await buildUser(t.deps.sql);
    const short = await call(t.agent(), endpoints.auth.login, {
      body: { username: user.username, password: TEST_PASSWORD },
    }).set('X-Forwarded-For', randomIp());
    expect(cookies(short).join('\n')).not.toMatch(/expires=/i);
    const long = await call(t.agent(), endpoints.auth.login, {
      body: { username: user.username, password: TEST_PASSWORD, rememberMe: true },
    }).set('X-Forwarded-For', randomIp());
    const cookie = cookies(long).find((c) => c.startsWith('vitrine.sid='))!;
    const expires = new Date(/expires=([^;]+)/i.exec(cookie)![1]!).getTime();
    expect(Math.abs(expires - (Date.now() + REMEMBER_ME_MS))).toBeLessThan(60_000);
  });

  it('gives a new session id at sign-in', async () => {
    const user = await buildUser(t.deps.sql);
    const agent = t.agent();
    const first = await call(agent, endpoints.auth.login, {
      body: { username: user.username, password: TEST_PASSWORD },
    }).set('X-Forwarded-For', randomIp());
    const second = await call(agent, endpoints.auth.login, {
      body: { username: user.username, password: TEST_PASSWORD },
    }).set('X-Forwarded-For', randomIp());
    const sid = (r: typeof first) =>
      cookies(r)
        .find((c) => c.startsWith('vitrine.sid='))!
        .split(';')[0];
    expect(sid(first)).not.toBe(sid(second));
  });

  it('throttles a username from one address after repeated failures with 429 and Retry-After, even with the right password', async () => {
    const user = await buildUser(t.deps.sql);
    const ip = randomIp();
    for (let i = 0; i < 10; i += 1) {
      const res = await call(t.agent(), endpoints.auth.login, {
        body: { username: user.username, password: 'wrong-password' },
      }).set('X-Forwarded-For', ip);
      expect(res.status).toBe(401);
    }
    const res = await call(t.agent(), endpoints.auth.login, {
      body: { username: user.username.toUpperCase(), password: TEST_PASSWORD },
    }).set('X-Forwarded-For', ip);
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.body).toEqual({ message: 'Too many sign-in attempts. Please try again later.' });
  });

  it('lets the owner sign in from their own address while an attacker elsewhere is locked out', async () => {
    const user = await buildUser(t.deps.sql);
    const attacker = randomIp();
    for (let i = 0; i < 10; i += 1) {
      await call(t.agent(), endpoints.auth.login, {
        body: { username: user.username, password: 'wrong-password' },
      }).set('X-Forwarded-For', attacker);
    }
    // Failures spread over many addresses lock none of them either.
    for (let i = 0; i < 12; i += 1) {
      const res = await call(t.agent(), endpoints.auth.login, {
        body: { username: user.username, password: 'wrong-password' },
      }).set('X-Forwarded-For', randomIp());
      expect(res.status).toBe(401);
    }
    const locked = await call(t.agent(), endpoints.auth.login, {
      body: { username: user.username, password: TEST_PASSWORD },
    }).set('X-Forwarded-For', attacker);
    expect(locked.status).toBe(429);
    const owner = await call(t.agent(), endpoints.auth.login, {
      body: { username: user.username, password: TEST_PASSWORD },
    }).set('X-Forwarded-For', randomIp());
    expect(owner.status).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one address for sign-in failures', async () => {
    const user = await buildUser(t.deps.sql);
    const prefix = `2001:db8:${randomIp().split('.').slice(1, 3).join(':')}`;
    for (let i = 0; i < 10; i += 1) {
      const res = await call(t.agent(), endpoints.auth.login, {
        body: { username: user.username, password: 'wrong-password' },
      }).set('X-Forwarded-For', `${prefix}::${i + 1}`);
      expect(res.status).toBe(401);
    }
    const res = await call(t.agent(), endpoints.auth.login, {
      body: { username: user.username, password: TEST_PASSWORD },
    }).set('X-Forwarded-For', `${prefix}::abcd`);
    expect(res.status).toBe(429);
  });

  it('throttles an IP that tries many usernames', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await call(t.agent(), endpoints.auth.login, {
        body: { username: uniqueName('guess'), password: 'wrong-password' },
      }).set('X-Forwarded-For', ip);
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session', async () => {
    const { agent } = await t.member();
    expect((await call(agent, endpoints.auth.me)).status).toBe(200);
    expect((await call(agent, endpoints.auth.logout)).status).toBe(204);
    expect((await call(agent, endpoints.auth.me)).status).toBe(401);
  });
});

describe('origin check', () => {
  it('refuses a write from a foreign Origin with 403', async () => {
    const user = await buildUser(t.deps.sql);
    const res = await call(t.agent(), endpoints.auth.login, {
      body: { username: user.username, password: TEST_PASSWORD },
    }).set('Origin', 'https://evil.example');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Cross-origin request refused' });
  });
});

describe('GET /api/health', () => {
  it('reports database and Redis', async () => {
    const res = await call(t.agent(), endpoints.health.health);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
  });
});

describe('unknown API paths', () => {
  it('answer 404 with a message', async () => {
    // eslint-disable-next-line no-restricted-syntax -- A path no route has: the literal URL is the point
    const res = await t.agent().get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found' });
  });
});
