import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, uniqueName } from '@vitrine/db/testing';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, callLoosely, makeTestApp, randomIp, type TestApp } from '../testing';
import { COMMON_PASSWORD, isCommonPassword, PASSWORD_IS_USERNAME } from '../password-policy';
import { WEAK_PASSWORD } from '@vitrine/domain/password-strength';
import { PASSWORD_CHANGED, SAME_PASSWORD, WRONG_CURRENT_PASSWORD } from '../commands/password-changer';

/** Common and breached passwords are refused; a password change ends the other sessions. */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'a-new-Passphrase-42';
const change = (o: Record<string, unknown> = {}) => ({
  currentPassword: TEST_PASSWORD,
  newPassword: NEW_PASSWORD,
  confirmPassword: NEW_PASSWORD,
  ...o,
});
const register = (password: string, username = uniqueName('new')) =>
  call(t.agent(), endpoints.auth.register, { body: { username, password, confirmPassword: password } }).set(
    'X-Forwarded-For',
    randomIp(),
  );
const login = (username: string, password: string) =>
  call(t.agent(), endpoints.auth.login, { body: { username, password } }).set('X-Forwarded-For', randomIp());

describe('the bundled common-password list', () => {
  it('knows common and breached passwords in any letter case, not a long random one', () => {
    for (const p of ['password123', 'Password1', 'iloveyou', 'QWERTYUIOP', 'letmein123'])
      expect(isCommonPassword(p), p).toBe(true);
    expect(isCommonPassword('correct-horse-battery')).toBe(false);
    expect(isCommonPassword(NEW_PASSWORD)).toBe(false);
  });
});

describe('POST /api/auth/register', () => {
  it('refuses a common password and the username as password with 400, creating nobody', async () => {
    const username = uniqueName('weak');
    const common = await register('password123', username);
    expect(common.status).toBe(400);
    expect(common.body).toEqual({ message: COMMON_PASSWORD });
    const same = await register(username.toUpperCase(), username);
    expect(same.status).toBe(400);
    expect(same.body).toEqual({ message: PASSWORD_IS_USERNAME });
    expect(await t.deps.sql`SELECT 1 FROM users WHERE username = ${username}`).toHaveLength(0);
  });
});

describe('guessable passwords (zxcvbn score below 3)', () => {
  const GUESSABLE = ['vitrine123', 'Vitrine2024!', 'trustno1trustno1', 'aaaaaaaaaaaa'];

  it.each(GUESSABLE)("refuses %s at sign-up with 400 and zxcvbn's hint, creating nobody", async (password) => {
    const username = uniqueName('weak');
    const res = await register(password, username);
    expect(res.status).toBe(400);
    expect(res.body.message.startsWith(WEAK_PASSWORD), res.body.message).toBe(true);
    expect(res.body.message.length).toBeGreaterThan(WEAK_PASSWORD.length);
    expect(await t.deps.sql`SELECT 1 FROM users WHERE username = ${username}`).toHaveLength(0);
  });

  it.each(GUESSABLE)('refuses %s as a new password with 400 and keeps the old one', async (password) => {
    const { user, agent } = await t.member();
    const res = await call(agent, endpoints.users.changePassword, {
      body: change({ newPassword: password, confirmPassword: password }),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(WEAK_PASSWORD);
    expect((await login(user.username, TEST_PASSWORD)).status).toBe(200);
  });

  it('takes the username as a user input: a password built on it is refused, a strong one is accepted', async () => {
    const username = uniqueName('marigold');
    expect((await register(`${username}2024`, username)).status).toBe(400);
    expect((await register('paper-lantern-harbour', username)).status).toBe(201);
  });
});

describe('POST /api/users/me/password', () => {
  it('changes the password, keeps this session and signs every other session out', async () => {
    const { user, agent } = await t.member();
    const other = await t.signIn(user);
    const res = await call(agent, endpoints.users.changePassword, { body: change() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: PASSWORD_CHANGED });
    expect((await call(agent, endpoints.auth.me)).status).toBe(200);
    expect((await call(other, endpoints.auth.me)).status).toBe(401);
    // The ended session stays ended (its cookie is cleared and the old one no longer works).
    expect(
      (
        await call(other, endpoints.messages.send, {
          body: { recipientUserId: user.id, subject: 'Hello', message: 'Still here?!' },
        })
      ).status,
    ).toBe(401);
    expect((await login(user.username, TEST_PASSWORD)).status).toBe(401);
    const fresh = await login(user.username, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    // A session signed in after the change is valid, and this one still is.
    expect((await call(agent, endpoints.auth.me)).status).toBe(200);
  });

  it.each([
    [change({ currentPassword: 'not-my-password' }), WRONG_CURRENT_PASSWORD],
    [change({ newPassword: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }), SAME_PASSWORD],
    [change({ newPassword: 'football1', confirmPassword: 'football1' }), COMMON_PASSWORD],
    [change({ confirmPassword: 'something-else' }), "Passwords don't match"],
    [change({ newPassword: 'short', confirmPassword: 'short' }), 'Password must be at least 8 characters'],
    [change({ newPassword: 'x'.repeat(101) }), 'Password is too long'],
    [{ newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, 'Enter your current password'],
  ])('answers 400 to %j and keeps the password and the other sessions', async (body, message) => {
    const { user, agent } = await t.member();
    const other = await t.signIn(user);
    const res = await callLoosely(agent, endpoints.users.changePassword, { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect((await call(other, endpoints.auth.me)).status).toBe(200);
    expect((await login(user.username, TEST_PASSWORD)).status).toBe(200);
  });

  it('ends every session signed in with the old password while the change ran, however late it finished', async () => {
    const { user, agent: changer } = await t.member();
    const SIGN_INS = 20;
    // Sign-ins with the old password, spread over the change: many check the old hash before the
    // change commits and start their session after it.
    const signIns = Array.from({ length: SIGN_INS }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 3));
      const agent = t.agent();
      const res = await call(agent, endpoints.auth.login, {
        body: { username: user.username, password: TEST_PASSWORD },
      }).set('X-Forwarded-For', randomIp());
      return { agent, status: res.status };
    });
    const changed = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 15));
      return call(changer, endpoints.users.changePassword, { body: change() });
    })();
    const [done, res] = await Promise.all([Promise.all(signIns), changed]);
    expect(res.status).toBe(200);
    const signedIn = done.filter((d) => d.status === 200);
    // The race happened: some sign-ins with the old password were accepted.
    expect(signedIn.length).toBeGreaterThan(0);
    const survivors = [];
    for (const { agent } of signedIn) if ((await call(agent, endpoints.auth.me)).status !== 401) survivors.push(agent);
    expect(survivors).toHaveLength(0);
    expect((await call(changer, endpoints.auth.me)).status).toBe(200);
    expect((await login(user.username, NEW_PASSWORD)).status).toBe(200);
  });

  it('answers 401 to a visitor and lets a paused member change it (locking an intruder out must not wait)', async () => {
    expect((await call(t.agent(), endpoints.users.changePassword, { body: change() })).status).toBe(401);
    const { agent } = await t.member({ isPaused: true });
    expect((await call(agent, endpoints.users.changePassword, { body: change() })).status).toBe(200);
  });

  it('limits attempts per member (10 per 15 minutes) with 429, so the current password cannot be guessed through it', async () => {
    const { agent } = await t.member();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push(
        (await call(agent, endpoints.users.changePassword, { body: change({ currentPassword: `guess-${i}-wrong` }) }))
          .status,
      );
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });
});
