import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_PASSWORD } from '@vitrine/db/testing';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, makeTestApp, randomIp, type TestApp } from '../testing';

/**
 * A sign-in that checked the old password's hash while a password change ran must not leave a
 * session behind, however late it finishes (docs/security.md "Sign-ins racing a password change").
 * The hash check of the sign-in is held open (a gate around verifyPassword) while the change
 * commits, so the interleaving is the same on every run.
 */
const gate = vi.hoisted(() => {
  let armed = false;
  let release: () => void = () => {};
  let held: () => void = () => {};
  return {
    /** The next hash check waits until open() is called; the promise resolves once it waits. */
    arm(): Promise<void> {
      armed = true;
      return new Promise<void>((resolve) => {
        held = resolve;
      });
    },
    async pass(): Promise<void> {
      if (!armed) return;
      armed = false;
      const opened = new Promise<void>((resolve) => {
        release = resolve;
      });
      held();
      await opened;
    },
    open: () => release(),
  };
});

vi.mock('@vitrine/db/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('@vitrine/db/passwords')>();
  return {
    ...original,
    verifyPassword: async (...args: Parameters<typeof original.verifyPassword>) => {
      const ok = await original.verifyPassword(...args);
      await gate.pass();
      return ok;
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'a-new-Passphrase-42';

describe('a sign-in racing a password change', () => {
  it('is refused on its next request when it checked the old hash before the change committed', async () => {
    const { user, agent: changer } = await t.member();
    const late = t.agent();
    const held = gate.arm();
    const signedIn = call(late, endpoints.auth.login, { body: { username: user.username, password: TEST_PASSWORD } })
      .set('X-Forwarded-For', randomIp())
      .then((res) => res);
    await held;
    // The sign-in has read the row and checked the old hash; the change runs and commits now.
    const changed = await call(changer, endpoints.users.changePassword, {
      body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    gate.open();
    expect((await signedIn).status).toBe(200);
    const me = await call(late, endpoints.auth.me);
    expect(me.status).toBe(401);
    expect((await call(changer, endpoints.auth.me)).status).toBe(200);
  });
});
