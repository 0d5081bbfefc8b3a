import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, uniqueName } from '@vitrine/db/testing';
import { makeEmailConfirmationQueries } from '@vitrine/db/queries/email-confirmations';
import { hashToken, newToken } from '@vitrine/db/tokens';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, callLoosely, makeTestApp, randomIp, type TestApp } from '../testing';
import {
  CONFIRMATION_INVALID,
  CONFIRMATION_STALE,
  CONFIRMED_ACCOUNT,
  CONFIRMED_COPY,
} from '../commands/email-confirmer';
import { CONFIRMATION_SENT, EMAIL_ALREADY_CONFIRMED, NO_EMAIL_TO_CONFIRM } from '../commands/confirmation-resender';

/**
 * Addresses are confirmed before mail with user content reaches them. The worker's part
 * (making the token and mailing the link) is played here by `arm`; tests/system/email.test.ts runs
 * the real worker and follows the link from the mail.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A fresh address no other test uses (the per-address limit is per run). */
const address = () => `${uniqueName('mail')}@example.com`.toLowerCase();

/** The confirmations recorded for a user or a message, oldest first. */
const confirmationsOf = (where: { userId?: number; messageId?: number }) =>
  t.deps.sql<{ id: number; email: string; usedAt: Date | null }[]>`
    SELECT id, email, used_at FROM email_confirmations
    WHERE user_id IS NOT DISTINCT FROM ${where.userId ?? null} AND message_id IS NOT DISTINCT FROM ${where.messageId ?? null} ORDER BY id`;

/** Does what the worker does before mailing: gives the confirmation a token; answers the token. */
async function arm(confirmationId: number): Promise<string> {
  const token = newToken();
  expect(
    await makeEmailConfirmationQueries(t.deps.sql).armConfirmation(confirmationId, hashToken(token)),
  ).toBeDefined();
  return token;
}

const confirm = (token: string) =>
  call(t.agent(), endpoints.email.confirm, { body: { token } }).set('X-Forwarded-For', randomIp());

describe('confirming a member address', () => {
  it('a sign-up email starts unconfirmed, gets a confirmation, and the link confirms it once', async () => {
    const agent = t.agent();
    const email = address();
    const res = await call(agent, endpoints.auth.register, {
      body: { username: uniqueName('new'), password: 'a-good-password', confirmPassword: 'a-good-password', email },
    }).set('X-Forwarded-For', randomIp());
    expect(res.status).toBe(201);
    expect(res.body.emailVerified).toBe(false);
    const [pending] = await confirmationsOf({ userId: res.body.id });
    expect(pending).toMatchObject({ email, usedAt: null });
    const events = await t.deps
      .sql`SELECT 1 FROM events WHERE name = 'email.confirmationRequested' AND (payload->>'confirmationId')::int = ${pending!.id}`;
    expect(events).toHaveLength(1);
    // Only the hash of the token is stored.
    const token = await arm(pending!.id);
    const [stored] = await t.deps.sql`SELECT token_hash FROM email_confirmations WHERE id = ${pending!.id}`;
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(stored!.tokenHash).not.toContain(token);

    const ok = await confirm(token);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: CONFIRMED_ACCOUNT, confirmed: 'account' });
    expect((await call(agent, endpoints.auth.me)).body.emailVerified).toBe(true);
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: CONFIRMATION_INVALID });
  });

  it('a sign-up without email asks for no confirmation', async () => {
    const res = await call(t.agent(), endpoints.auth.register, {
      body: { username: uniqueName('new'), password: 'a-good-password', confirmPassword: 'a-good-password' },
    }).set('X-Forwarded-For', randomIp());
    expect(res.status).toBe(201);
    expect(await confirmationsOf({ userId: res.body.id })).toEqual([]);
  });

  it('refuses an expired link, an unknown one, and one for an address the account no longer has', async () => {
    const user = await buildUser(t.deps.sql, { email: address() });
    const agent = await t.signIn(user);
    expect((await call(agent, endpoints.users.resendConfirmation)).status).toBe(202);
    const [first] = await confirmationsOf({ userId: user.id });
    const expired = await arm(first!.id);
    await t.deps.sql`UPDATE email_confirmations SET expires_at = now() - interval '1 second' WHERE id = ${first!.id}`;
    expect((await confirm(expired)).body).toEqual({ message: CONFIRMATION_INVALID });
    expect((await confirm(newToken())).body).toEqual({ message: CONFIRMATION_INVALID });

    expect((await call(agent, endpoints.users.resendConfirmation)).status).toBe(202);
    const stale = await arm((await confirmationsOf({ userId: user.id }))[1]!.id);
    expect((await call(agent, endpoints.userRatings.updateSettings, { body: { email: address() } })).status).toBe(200);
    const res = await confirm(stale);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: CONFIRMATION_STALE });
    expect((await call(agent, endpoints.auth.me)).body.emailVerified).toBe(false);
  });

  it.each([[{}], [{ token: '' }], [{ token: 42 }], [{ token: 'x'.repeat(201) }]])('answers 400 to %j', async (body) => {
    const res = await callLoosely(t.agent(), endpoints.email.confirm, { body }).set('X-Forwarded-For', randomIp());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: CONFIRMATION_INVALID });
  });
});

describe('PATCH /api/users/me and the email', () => {
  it('a changed email is unconfirmed and gets a confirmation; saving the same one keeps it confirmed', async () => {
    const email = address();
    const user = await buildUser(t.deps.sql, { email, emailVerified: true });
    const agent = await t.signIn(user);
    expect((await call(agent, endpoints.auth.me)).body.emailVerified).toBe(true);
    const same = await call(agent, endpoints.userRatings.updateSettings, { body: { email, bio: 'Same address' } });
    expect(same.body).toMatchObject({ email, emailVerified: true });
    expect(await confirmationsOf({ userId: user.id })).toEqual([]);

    const next = address();
    const changed = await call(agent, endpoints.userRatings.updateSettings, { body: { email: next } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email: next, emailVerified: false });
    expect((await confirmationsOf({ userId: user.id })).map((c) => c.email)).toEqual([next]);
    // Removing the address leaves nothing to confirm.
    const removed = await call(agent, endpoints.userRatings.updateSettings, { body: { email: '' } });
    expect(removed.body).toMatchObject({ email: null, emailVerified: false });
    expect(await confirmationsOf({ userId: user.id })).toHaveLength(1);
  });
});

describe('POST /api/users/me/email-confirmation (resend)', () => {
  it('sends a new link for an unconfirmed address; 400 without one, 409 when confirmed, 401 to a visitor', async () => {
    const { agent } = await t.member({ email: address() });
    const res = await call(agent, endpoints.users.resendConfirmation);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: CONFIRMATION_SENT });
    const none = await call((await t.member()).agent, endpoints.users.resendConfirmation);
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ message: NO_EMAIL_TO_CONFIRM });
    const confirmed = await call(
      (await t.member({ email: address(), emailVerified: true })).agent,
      endpoints.users.resendConfirmation,
    );
    expect(confirmed.status).toBe(409);
    expect(confirmed.body).toEqual({ message: EMAIL_ALREADY_CONFIRMED });
    expect((await call(t.agent(), endpoints.users.resendConfirmation)).status).toBe(401);
  });

  it('limits the mails to one address (3 an hour) with 429, also across accounts', async () => {
    const email = address();
    const { agent: first } = await t.member({ email });
    const { agent: second } = await t.member({ email });
    const statuses = [];
    for (const agent of [first, first, second, second])
      statuses.push((await call(agent, endpoints.users.resendConfirmation)).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
  });
});

describe("a visitor's contact copy", () => {
  it('goes out only after the link is followed: the confirmation releases it (message.copyConfirmed)', async () => {
    const email = address();
    const res = await call(t.agent(), endpoints.messages.contact, {
      body: { subject: 'Copy please', message: 'Please send me a copy of this.', senderEmail: email, sendCopy: true },
    }).set('X-Forwarded-For', randomIp());
    expect(res.status).toBe(201);
    expect(res.body.copy).toBe('confirm');
    const [pending] = await confirmationsOf({ messageId: res.body.id });
    expect(pending!.email).toBe(email);
    const released = () =>
      t.deps
        .sql`SELECT 1 FROM events WHERE name = 'message.copyConfirmed' AND (payload->>'messageId')::int = ${res.body.id}`;
    expect(await released()).toHaveLength(0);

    const ok = await confirm(await arm(pending!.id));
    expect(ok.body).toEqual({ message: CONFIRMED_COPY, confirmed: 'contactCopy' });
    expect(await released()).toHaveLength(1);
  });
});
