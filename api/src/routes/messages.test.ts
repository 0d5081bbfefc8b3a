import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { buildMessage, uniqueName } from '@vitrine/db/testing';
import type { NewMessage } from '@vitrine/db/queries/messages';
import type { UserRow } from '@vitrine/db/queries/users';
import type { MessageView } from '@vitrine/domain/answers';
import { endpoints } from '@vitrine/domain/endpoints';
import { answerOf, call, callLoosely, makeTestApp, randomIp, type TestApp } from '../testing';
import {
  COPY_NEEDS_CONFIRMED_EMAIL,
  COPY_NEEDS_EMAIL,
  COPY_NEEDS_PROFILE_EMAIL,
  CONTACT_SENT,
  RECIPIENT_NEEDS_LOGIN,
} from '../commands/contact-message-sender';
import { ONLY_RECIPIENT_MARKS } from '../commands/message-read-marker';
import { SELF_MESSAGE } from '../loaders';
import { PAUSED_MESSAGE } from '../errors';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

type Member = { user: UserRow; agent: TestAgent };
const member = (o: Parameters<TestApp['member']>[0] = {}) => t.member(o);
const admin = () => t.member({ isAdmin: true });

/** Stores a message directly (the setup of read/mark/delete tests). */
const store = (input: Partial<NewMessage> = {}) => buildMessage(t.deps.sql, input);
const row = async (id: number) => (await t.deps.sql`SELECT * FROM contact_messages WHERE id = ${id}`)[0];
const eventsOf = (messageId: number) =>
  t.deps.sql<{ name: string; payload: Record<string, unknown> }[]>`
    SELECT name, payload FROM events WHERE name = 'message.created' AND (payload->>'messageId')::int = ${messageId}`;
const idsIn = (list: MessageView[]) => list.map((m) => m.id);
const contactBody = (o: Record<string, unknown> = {}) => ({
  subject: 'A question',
  message: 'Hello there, I have a question.',
  senderName: uniqueName('Name'),
  senderEmail: 'visitor@example.com',
  ...o,
});

describe('POST /api/contact', () => {
  it('stores a visitor platform message to the admins and records message.created', async () => {
    const body = contactBody({ recipientUserId: null, mode: 'platform' });
    const res = await call(t.agent(), endpoints.messages.contact, { body }).set('X-Forwarded-For', randomIp());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: CONTACT_SENT, id: expect.any(Number), copy: null });
    const stored = await row(res.body.id);
    expect(stored).toMatchObject({
      senderUserId: null,
      recipientUserId: null,
      senderName: body.senderName,
      senderEmail: 'visitor@example.com',
      subject: 'A question',
      isRead: false,
    });
    const events = await eventsOf(res.body.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({
      messageId: res.body.id,
      recipientUserId: null,
      senderUserId: null,
      kind: 'contact',
      sendCopy: false,
      emailMode: false,
    });
  });

  it('never takes the sender account from the body', async () => {
    const victim = await member();
    const visitor = await call(t.agent(), endpoints.messages.contact, {
      body: contactBody({ senderUserId: victim.user.id }),
    }).set('X-Forwarded-For', randomIp());
    expect(visitor.status).toBe(201);
    expect((await row(visitor.body.id)).senderUserId).toBeNull();
    const m = await member({ email: 'm@example.com' });
    const signed = await call(m.agent, endpoints.messages.contact, {
      body: contactBody({ senderUserId: victim.user.id }),
    }).set('X-Forwarded-For', randomIp());
    expect(signed.status).toBe(201);
    expect((await row(signed.body.id)).senderUserId).toBe(m.user.id);
  });

  it("fills a member's hidden name and email from the account", async () => {
    const m = await member({ email: 'profile@example.com' });
    const res = await call(m.agent, endpoints.messages.contact, {
      body: { subject: 'Hello admins', message: 'A message from a member.', senderName: '', senderEmail: '' },
    }).set('X-Forwarded-For', randomIp());
    expect(res.status).toBe(201);
    expect(await row(res.body.id)).toMatchObject({
      senderUserId: m.user.id,
      senderName: m.user.username,
      senderEmail: 'profile@example.com',
      recipientUserId: null,
    });
    const box = await call(m.agent, endpoints.messages.list);
    expect(idsIn(box.body)).toContain(res.body.id);
  });

  it("stores an email-mode message too and marks the event for email; a visitor's copy waits for a confirmation of the address", async () => {
    const res = await call(t.agent(), endpoints.messages.contact, {
      body: contactBody({ mode: 'email', sendCopy: true }),
    }).set('X-Forwarded-For', randomIp());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: CONTACT_SENT, id: expect.any(Number), copy: 'confirm' });
    expect((await row(res.body.id)).recipientUserId).toBeNull();
    // No copy yet: the worker gets a confirmation to mail (without the message) instead.
    expect((await eventsOf(res.body.id))[0]!.payload).toMatchObject({
      kind: 'contact',
      emailMode: true,
      sendCopy: false,
    });
    const [confirmation] = await t.deps
      .sql`SELECT id, email, user_id, used_at FROM email_confirmations WHERE message_id = ${res.body.id}`;
    expect(confirmation).toMatchObject({ email: 'visitor@example.com', userId: null, usedAt: null });
    expect(
      await t.deps
        .sql`SELECT 1 FROM events WHERE name = 'email.confirmationRequested' AND (payload->>'confirmationId')::int = ${confirmation!.id}`,
    ).toHaveLength(1);
    const a = await admin();
    expect(idsIn((await call(a.agent, endpoints.admin.messages)).body)).toContain(res.body.id);
  });

  it('uses the profile email in email mode for a member, and asks for one when there is none', async () => {
    const withEmail = await member({ email: 'has@example.com' });
    const ok = await call(withEmail.agent, endpoints.messages.contact, {
      body: { subject: 'By email', message: 'Please answer by email.', mode: 'email' },
    }).set('X-Forwarded-For', randomIp());
    expect(ok.status).toBe(201);
    expect((await row(ok.body.id)).senderEmail).toBe('has@example.com');
    const without = await member();
    const marker = uniqueName('x');
    const bad = await call(without.agent, endpoints.messages.contact, {
      body: { subject: marker, message: 'Please answer by email.', mode: 'email' },
    }).set('X-Forwarded-For', randomIp());
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Email is required for email contact' });
    expect(await t.deps.sql`SELECT 1 FROM contact_messages WHERE subject = ${marker}`).toHaveLength(0);
  });

  it('refuses sendCopy without an address to copy to', async () => {
    const noEmail = await member();
    const signed = await call(noEmail.agent, endpoints.messages.contact, { body: contactBody({ sendCopy: true }) }).set(
      'X-Forwarded-For',
      randomIp(),
    );
    expect(signed.status).toBe(400);
    expect(signed.body).toEqual({ message: COPY_NEEDS_PROFILE_EMAIL });
    const visitor = await call(t.agent(), endpoints.messages.contact, {
      body: contactBody({ sendCopy: true, senderEmail: '' }),
    }).set('X-Forwarded-For', randomIp());
    expect(visitor.status).toBe(400);
    expect(visitor.body).toEqual({ message: COPY_NEEDS_EMAIL });
    // An unconfirmed profile address gets no copy: the member is told to confirm it.
    const unconfirmed = await member({ email: 'unconfirmed@example.com' });
    const refused = await call(unconfirmed.agent, endpoints.messages.contact, {
      body: contactBody({ sendCopy: true }),
    }).set('X-Forwarded-For', randomIp());
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: COPY_NEEDS_CONFIRMED_EMAIL });
    const withEmail = await member({ email: 'copy@example.com', emailVerified: true });
    const ok = await call(withEmail.agent, endpoints.messages.contact, { body: contactBody({ sendCopy: true }) }).set(
      'X-Forwarded-For',
      randomIp(),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.copy).toBe('sent');
    expect((await eventsOf(ok.body.id))[0]!.payload).toMatchObject({ sendCopy: true, senderUserId: withEmail.user.id });
  });

  it('sends a member message to recipientUserId', async () => {
    const from = await member();
    const to = await member();
    const res = await call(from.agent, endpoints.messages.contact, {
      body: contactBody({ recipientUserId: to.user.id }),
    }).set('X-Forwarded-For', randomIp());
    expect(res.status).toBe(201);
    expect((await row(res.body.id)).recipientUserId).toBe(to.user.id);
    expect((await eventsOf(res.body.id))[0]!.payload).toMatchObject({
      recipientUserId: to.user.id,
      senderUserId: from.user.id,
      kind: 'contact',
    });
    const box: MessageView[] = (await call(to.agent, endpoints.messages.list)).body;
    const seen = box.find((m) => m.id === res.body.id)!;
    expect(seen).toMatchObject({
      senderUserId: from.user.id,
      senderUsername: from.user.username,
      recipientUsername: to.user.username,
    });
    // The sender's address is theirs and the admins' to see, not the recipient's.
    expect(seen.senderEmail).toBeNull();
  });

  it('refuses recipientUserId from a visitor (401), to oneself (400) and to nobody (404)', async () => {
    const to = await member();
    const visitor = await call(t.agent(), endpoints.messages.contact, {
      body: contactBody({ recipientUserId: to.user.id }),
    }).set('X-Forwarded-For', randomIp());
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ message: RECIPIENT_NEEDS_LOGIN });
    const self = await call(to.agent, endpoints.messages.contact, {
      body: contactBody({ recipientUserId: to.user.id }),
    }).set('X-Forwarded-For', randomIp());
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ message: SELF_MESSAGE });
    const nobody = await call(to.agent, endpoints.messages.contact, {
      body: contactBody({ recipientUserId: 2_000_000_000 }),
    }).set('X-Forwarded-For', randomIp());
    expect(nobody.status).toBe(404);
    expect(nobody.body).toEqual({ message: 'User not found' });
  });

  it('lets a paused member write to the admins (to ask why), but refuses a message to a member with 403', async () => {
    const paused = await member({ isPaused: true, email: 'p@example.com' });
    const toAdmins = contactBody();
    const asked = await call(paused.agent, endpoints.messages.contact, { body: toAdmins }).set(
      'X-Forwarded-For',
      randomIp(),
    );
    expect(asked.status).toBe(201);
    expect(
      await t.deps
        .sql`SELECT 1 FROM contact_messages WHERE sender_user_id = ${paused.user.id} AND recipient_user_id IS NULL`,
    ).toHaveLength(1);
    const to = await member();
    const res = await call(paused.agent, endpoints.messages.contact, {
      body: contactBody({ recipientUserId: to.user.id }),
    }).set('X-Forwarded-For', randomIp());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: PAUSED_MESSAGE });
    expect(await t.deps.sql`SELECT 1 FROM contact_messages WHERE recipient_user_id = ${to.user.id}`).toHaveLength(0);
  });

  it.each([
    [{ subject: 'ab' }, 'Subject must be at least 3 characters'],
    [{ subject: '   ab   ' }, 'Subject must be at least 3 characters'],
    [{ subject: 's'.repeat(101) }, 'Subject must be less than 100 characters'],
    [{ subject: 42 }, 'Subject must be at least 3 characters'],
    [{ subject: undefined }, 'Subject must be at least 3 characters'],
    [{ message: 'too short' }, 'Message must be at least 10 characters'],
    [{ message: 'm'.repeat(1001) }, 'Message must be less than 1000 characters'],
    [{ message: undefined }, 'Message must be at least 10 characters'],
    [{ message: ['an array'] }, 'Message must be at least 10 characters'],
    [{ senderEmail: 'not-an-email' }, 'Please enter a valid email address'],
    [{ mode: 'email', senderEmail: '' }, 'Email is required for email contact'],
    [{ mode: 'fax' }, 'mode must be platform or email'],
    [{ sendCopy: 'yes' }, 'sendCopy must be true or false'],
    [{ recipientUserId: 'abc' }, 'recipientUserId must be a user id or null'],
  ])('answers 400 to %j with its message and writes nothing', async (change, message) => {
    const body = contactBody(change);
    const res = await callLoosely(t.agent(), endpoints.messages.contact, { body }).set('X-Forwarded-For', randomIp());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await t.deps.sql`SELECT 1 FROM contact_messages WHERE sender_name = ${body.senderName}`).toHaveLength(0);
  });

  it('answers 400 to malformed JSON and to a body that is not an object', async () => {
    const bad = await callLoosely(t.agent(), endpoints.messages.contact, { body: '{"subject":' })
      .set('X-Forwarded-For', randomIp())
      .set('Content-Type', 'application/json');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: expect.any(String) });
    const list = await callLoosely(t.agent(), endpoints.messages.contact, { body: [contactBody()] }).set(
      'X-Forwarded-For',
      randomIp(),
    );
    expect(list.status).toBe(400);
    expect(list.body).toEqual({ message: expect.any(String) });
  });

  it('limits an address to 5 messages per 10 minutes with 429 and Retry-After', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await call(t.agent(), endpoints.messages.contact, { body: contactBody() }).set('X-Forwarded-For', ip)).status,
      ).toBe(201);
    }
    const body = contactBody();
    const res = await call(t.agent(), endpoints.messages.contact, { body }).set('X-Forwarded-For', ip);
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.body).toEqual({ message: expect.stringMatching(/Too many messages/) });
    expect(await t.deps.sql`SELECT 1 FROM contact_messages WHERE sender_name = ${body.senderName}`).toHaveLength(0);
  });

  it('counts sent messages, not malformed ones: five invalid forms cost nothing', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i += 1) {
      expect(
        (
          await call(t.agent(), endpoints.messages.contact, {
            body: contactBody({ senderEmail: 'not an address' }),
          }).set('X-Forwarded-For', ip)
        ).status,
      ).toBe(400);
    }
    expect(
      (await call(t.agent(), endpoints.messages.contact, { body: contactBody() }).set('X-Forwarded-For', ip)).status,
    ).toBe(201);
  });

  it('throttles a flood of malformed calls by the per-address flood limit (300 a minute), before validation', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 301; i += 1)
      statuses.push(
        (await callLoosely(t.agent(), endpoints.messages.contact, { body: {} }).set('X-Forwarded-For', ip)).status,
      );
    expect(statuses.slice(0, 300)).toEqual(Array(300).fill(400));
    expect(statuses[300]).toBe(429);
  });
});

describe('GET /api/messages', () => {
  it('answers 401 to a visitor', async () => {
    const res = await call(t.agent(), endpoints.messages.list);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it("lists what a member received and sent, newest first, and never another's messages", async () => {
    const me = await member();
    const other = await member();
    const third = await member();
    const received = await store({ senderUserId: other.user.id, recipientUserId: me.user.id });
    const sent = await store({ senderUserId: me.user.id, recipientUserId: other.user.id });
    const toAdmins = await store({ senderUserId: me.user.id, recipientUserId: null });
    const notMine = await store({ senderUserId: other.user.id, recipientUserId: third.user.id });
    const othersToAdmins = await store({ senderUserId: other.user.id, recipientUserId: null });
    const res = await call(me.agent, endpoints.messages.list);
    expect(res.status).toBe(200);
    expect(idsIn(res.body)).toEqual([toAdmins, sent, received]);
    expect(idsIn(res.body)).not.toContain(notMine);
    expect(idsIn(res.body)).not.toContain(othersToAdmins);
    expect(res.body[2]).toEqual({
      id: received,
      subject: expect.any(String),
      message: 'A message body long enough.',
      isRead: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      senderUserId: other.user.id,
      senderUsername: other.user.username,
      senderIsAdmin: false,
      senderName: null,
      senderEmail: null,
      recipientUserId: me.user.id,
      recipientUsername: me.user.username,
      repliedAt: null,
    });
  });

  it("also lists every message to the admins for an admin, with the senders' addresses", async () => {
    const a = await admin();
    const visitorMsg = await store({ senderName: 'Vis', senderEmail: 'vis@example.com' });
    const memberToMember = await store({
      senderUserId: (await member()).user.id,
      recipientUserId: (await member()).user.id,
    });
    const res = await call(a.agent, endpoints.messages.list);
    expect(res.status).toBe(200);
    const seen = answerOf(endpoints.messages.list, res).find((m) => m.id === visitorMsg);
    expect(seen).toMatchObject({ senderName: 'Vis', senderEmail: 'vis@example.com', recipientUserId: null });
    expect(idsIn(res.body)).not.toContain(memberToMember);
  });

  it('lets a paused member read', async () => {
    const paused = await member({ isPaused: true });
    const id = await store({ senderUserId: (await member()).user.id, recipientUserId: paused.user.id });
    const res = await call(paused.agent, endpoints.messages.list);
    expect(res.status).toBe(200);
    expect(idsIn(res.body)).toContain(id);
  });
});

describe('GET /api/messages/unread-count', () => {
  it('counts unread messages received (not sent, not deleted); admins add unread ones to the admins', async () => {
    const me = await member();
    const other = await member();
    await store({ senderUserId: other.user.id, recipientUserId: me.user.id });
    const read = await store({ senderUserId: other.user.id, recipientUserId: me.user.id });
    await t.deps.sql`UPDATE contact_messages SET is_read = true WHERE id = ${read}`;
    const deleted = await store({ senderUserId: other.user.id, recipientUserId: me.user.id });
    await t.deps.sql`UPDATE contact_messages SET recipient_deleted = true WHERE id = ${deleted}`;
    await store({ senderUserId: me.user.id, recipientUserId: other.user.id });
    await store({ senderUserId: me.user.id, recipientUserId: null });
    const res = await call(me.agent, endpoints.messages.unreadCount);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 1 });

    const a = await admin();
    const before = answerOf(endpoints.messages.unreadCount, await call(a.agent, endpoints.messages.unreadCount)).count;
    await store({ senderName: 'Someone' });
    await store({ senderUserId: other.user.id, recipientUserId: a.user.id });
    const after = answerOf(endpoints.messages.unreadCount, await call(a.agent, endpoints.messages.unreadCount)).count;
    expect(after - before).toBeGreaterThanOrEqual(2);
    const [{ expected }] = await t.deps.sql<{ expected: number }[]>`
      SELECT count(*)::int AS expected FROM contact_messages
      WHERE NOT is_read AND (recipient_user_id IS NULL OR (recipient_user_id = ${a.user.id} AND NOT recipient_deleted))`;
    expect(after).toBeLessThanOrEqual(expected);
  });

  it('answers 401 to a visitor', async () => {
    expect((await call(t.agent(), endpoints.messages.unreadCount)).status).toBe(401);
  });
});

describe('PATCH /api/messages/{id}/read', () => {
  let from: Member;
  let to: Member;
  beforeAll(async () => {
    from = await member();
    to = await member();
  });

  it('marks a message read for its recipient and answers the message', async () => {
    const id = await store({ senderUserId: from.user.id, recipientUserId: to.user.id });
    const res = await call(to.agent, endpoints.messages.markRead, { params: { id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, isRead: true, senderUserId: from.user.id });
    expect((await row(id)).isRead).toBe(true);
    expect((await call(to.agent, endpoints.messages.markRead, { params: { id } })).status).toBe(200);
  });

  it('refuses the sender (403), hides the message from anyone else (404)', async () => {
    const id = await store({ senderUserId: from.user.id, recipientUserId: to.user.id });
    const sender = await call(from.agent, endpoints.messages.markRead, { params: { id } });
    expect(sender.status).toBe(403);
    expect(sender.body).toEqual({ message: ONLY_RECIPIENT_MARKS });
    const stranger = await call((await member()).agent, endpoints.messages.markRead, { params: { id } });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ message: 'Message not found' });
    const missing = await call(to.agent, endpoints.messages.markRead, { params: { id: 2000000000 } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Message not found' });
    expect((await row(id)).isRead).toBe(false);
  });

  it('lets an admin mark a message to the admins, not one between members', async () => {
    const a = await admin();
    const toAdmins = await store({ senderUserId: from.user.id });
    expect((await call(a.agent, endpoints.messages.markRead, { params: { id: toAdmins } })).status).toBe(200);
    expect((await row(toAdmins)).isRead).toBe(true);
    const between = await store({ senderUserId: from.user.id, recipientUserId: to.user.id });
    const res = await call(a.agent, endpoints.messages.markRead, { params: { id: between } });
    expect(res.status).toBe(403);
    expect((await row(between)).isRead).toBe(false);
  });

  it('answers 401 to a visitor, 403 to a paused recipient, 400 to a non-numeric id', async () => {
    const paused = await member({ isPaused: true });
    const id = await store({ senderUserId: from.user.id, recipientUserId: paused.user.id });
    expect((await call(t.agent(), endpoints.messages.markRead, { params: { id } })).status).toBe(401);
    const res = await call(paused.agent, endpoints.messages.markRead, { params: { id } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: PAUSED_MESSAGE });
    expect((await row(id)).isRead).toBe(false);
    for (const bad of ['abc', '1.5', '-1', '0', '99999999999']) {
      const r = await callLoosely(to.agent, endpoints.messages.markRead, { params: { id: bad } });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ message: 'Invalid id' });
    }
  });
});

describe('DELETE /api/messages/{id}', () => {
  it('hides a message from the deleting side only; the row goes when neither side keeps it', async () => {
    const from = await member();
    const to = await member();
    const id = await store({ senderUserId: from.user.id, recipientUserId: to.user.id });
    expect((await call(from.agent, endpoints.messages.remove, { params: { id } })).status).toBe(204);
    expect(idsIn((await call(from.agent, endpoints.messages.list)).body)).not.toContain(id);
    expect(idsIn((await call(to.agent, endpoints.messages.list)).body)).toContain(id);
    expect((await row(id)).senderDeleted).toBe(true);
    const again = await call(from.agent, endpoints.messages.remove, { params: { id } });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Message not found' });
    expect((await call(to.agent, endpoints.messages.remove, { params: { id } })).status).toBe(204);
    expect(await row(id)).toBeUndefined();
  });

  it('keeps a message to the admins for the admins when its sender deletes it', async () => {
    const from = await member();
    const a = await admin();
    const id = await store({ senderUserId: from.user.id });
    expect((await call(from.agent, endpoints.messages.remove, { params: { id } })).status).toBe(204);
    expect(idsIn((await call(from.agent, endpoints.messages.list)).body)).not.toContain(id);
    expect(idsIn((await call(a.agent, endpoints.messages.list)).body)).toContain(id);
  });

  it('lets an admin delete a message for everyone', async () => {
    const from = await member();
    const to = await member();
    const a = await admin();
    const id = await store({ senderUserId: from.user.id, recipientUserId: to.user.id });
    expect((await call(a.agent, endpoints.messages.remove, { params: { id } })).status).toBe(204);
    expect(await row(id)).toBeUndefined();
    expect(idsIn((await call(to.agent, endpoints.messages.list)).body)).not.toContain(id);
  });

  it('answers 404 to anyone else and leaves the message, 401 to a visitor, 403 when paused, 400 to a bad id', async () => {
    const from = await member();
    const to = await member({ isPaused: true });
    const id = await store({ senderUserId: from.user.id, recipientUserId: to.user.id });
    const stranger = await call((await member()).agent, endpoints.messages.remove, { params: { id } });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ message: 'Message not found' });
    expect((await call(t.agent(), endpoints.messages.remove, { params: { id } })).status).toBe(401);
    const paused = await call(to.agent, endpoints.messages.remove, { params: { id } });
    expect(paused.status).toBe(403);
    expect(paused.body).toEqual({ message: PAUSED_MESSAGE });
    expect(await row(id)).toMatchObject({ senderDeleted: false, recipientDeleted: false });
    const bad = await callLoosely(from.agent, endpoints.messages.remove, { params: { id: 'not-a-number' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Invalid id' });
  });
});

describe('POST /api/messages (Message User)', () => {
  it('sends a message to another user, who sees it; records message.created kind direct', async () => {
    const from = await member({ email: 'from@example.com' });
    const to = await member();
    const res = await call(from.agent, endpoints.messages.send, {
      body: { recipientUserId: to.user.id, subject: '  Hi there  ', message: 'A direct message to you.' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      subject: 'Hi there',
      message: 'A direct message to you.',
      senderUserId: from.user.id,
      senderUsername: from.user.username,
      recipientUserId: to.user.id,
      recipientUsername: to.user.username,
      isRead: false,
      senderEmail: null,
    });
    expect(idsIn((await call(to.agent, endpoints.messages.list)).body)).toContain(res.body.id);
    expect((await eventsOf(res.body.id))[0]!.payload).toEqual({
      messageId: res.body.id,
      recipientUserId: to.user.id,
      senderUserId: from.user.id,
      kind: 'direct',
      sendCopy: false,
      emailMode: false,
    });
  });

  it('accepts the recipient id as a numeric string (a select value)', async () => {
    const from = await member();
    const to = await member();
    const res = await call(from.agent, endpoints.messages.send, {
      body: { recipientUserId: String(to.user.id), subject: 'Hello', message: 'A direct message to you.' },
    });
    expect(res.status).toBe(201);
  });

  it('refuses oneself (400) and an unknown recipient (404)', async () => {
    const me = await member();
    const self = await call(me.agent, endpoints.messages.send, {
      body: { recipientUserId: me.user.id, subject: 'Hello', message: 'A message to myself.' },
    });
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ message: SELF_MESSAGE });
    const nobody = await call(me.agent, endpoints.messages.send, {
      body: { recipientUserId: 2_000_000_000, subject: 'Hello', message: 'A message to nobody.' },
    });
    expect(nobody.status).toBe(404);
    expect(nobody.body).toEqual({ message: 'User not found' });
  });

  it.each([
    [{ recipientUserId: undefined }, 'Please select a recipient for your message.'],
    [{ recipientUserId: 'someone' }, 'Please select a recipient for your message.'],
    [{ recipientUserId: 0 }, 'Please select a recipient for your message.'],
    [{ subject: 'ab' }, 'Subject must be at least 3 characters.'],
    [{ subject: '  ab   ' }, 'Subject must be at least 3 characters.'],
    [{ subject: null }, 'Subject must be at least 3 characters.'],
    [{ message: 'short    ' }, 'Your message must be at least 10 characters.'],
    [{ message: 12345678901 }, 'Your message must be at least 10 characters.'],
  ])('answers 400 to %j and writes nothing', async (change, message) => {
    const from = await member();
    const to = await member();
    const res = await callLoosely(from.agent, endpoints.messages.send, {
      body: { recipientUserId: to.user.id, subject: 'Hello', message: 'A direct message to you.', ...change },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await t.deps.sql`SELECT 1 FROM contact_messages WHERE sender_user_id = ${from.user.id}`).toHaveLength(0);
  });

  it('answers 401 to a visitor and 403 to a paused member', async () => {
    const to = await member();
    const body = { recipientUserId: to.user.id, subject: 'Hello', message: 'A direct message to you.' };
    expect((await call(t.agent(), endpoints.messages.send, { body })).status).toBe(401);
    const paused = await member({ isPaused: true });
    const res = await call(paused.agent, endpoints.messages.send, { body });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: PAUSED_MESSAGE });
    expect(await t.deps.sql`SELECT 1 FROM contact_messages WHERE sender_user_id = ${paused.user.id}`).toHaveLength(0);
  });

  it('limits a member to 20 messages per 10 minutes with 429', async () => {
    const from = await member();
    const to = await member();
    const body = { recipientUserId: to.user.id, subject: 'Hello', message: 'A direct message to you.' };
    for (let i = 0; i < 20; i += 1)
      expect((await call(from.agent, endpoints.messages.send, { body })).status).toBe(201);
    const res = await call(from.agent, endpoints.messages.send, { body });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(await t.deps.sql`SELECT 1 FROM contact_messages WHERE sender_user_id = ${from.user.id}`).toHaveLength(20);
  });
});

describe('messages routes: who may call them (a message from a sender to a recipient)', () => {
  type Role = 'visitor' | 'stranger' | 'sender' | 'recipient' | 'paused recipient' | 'admin';
  const ROLES: Role[] = ['visitor', 'stranger', 'sender', 'recipient', 'paused recipient', 'admin'];
  const EXPECTED: Record<string, Record<Role, number>> = {
    'GET /api/messages': {
      visitor: 401,
      stranger: 200,
      sender: 200,
      recipient: 200,
      'paused recipient': 200,
      admin: 200,
    },
    'GET /api/messages/unread-count': {
      visitor: 401,
      stranger: 200,
      sender: 200,
      recipient: 200,
      'paused recipient': 200,
      admin: 200,
    },
    'PATCH /api/messages/{id}/read': {
      visitor: 401,
      stranger: 404,
      sender: 403,
      recipient: 200,
      'paused recipient': 403,
      admin: 403,
    },
    'DELETE /api/messages/{id}': {
      visitor: 401,
      stranger: 404,
      sender: 204,
      recipient: 204,
      'paused recipient': 403,
      admin: 204,
    },
  };
  const cases = Object.entries(EXPECTED).flatMap(([route, byRole]) =>
    ROLES.map((role) => [route, role, byRole[role]] as const),
  );

  it.each(cases)('%s as %s answers %i', async (route, role, status) => {
    const sender = await member();
    const recipient = await member(role === 'paused recipient' ? { isPaused: true } : {});
    const id = await store({ senderUserId: sender.user.id, recipientUserId: recipient.user.id });
    const agent =
      role === 'visitor'
        ? t.agent()
        : role === 'stranger'
          ? (await member()).agent
          : role === 'sender'
            ? sender.agent
            : role === 'admin'
              ? (await admin()).agent
              : recipient.agent;
    const [method, path] = route.split(' ') as ['GET' | 'PATCH' | 'DELETE', string];
    const url = path.replace('{id}', String(id));
    const res =
      method === 'GET' ? await agent.get(url) : method === 'PATCH' ? await agent.patch(url) : await agent.delete(url);
    expect(res.status).toBe(status);
    if (status >= 400) expect(res.body).toEqual({ message: expect.any(String) });
    if (route === 'GET /api/messages' && status === 200) {
      const sees = idsIn(res.body).includes(id);
      expect(sees).toBe(role === 'sender' || role === 'recipient' || role === 'paused recipient');
    }
  });
});
