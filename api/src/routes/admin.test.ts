import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { buildMessage, buildProject, buildUser, uniqueName } from '@vitrine/db/testing';
import type { NewMessage } from '@vitrine/db/queries/messages';
import type { UserRow } from '@vitrine/db/queries/users';
import type { ReportStatus } from '@vitrine/domain/constants';
import type { MessageView } from '@vitrine/domain/answers';
import { endpoints, type Endpoint } from '@vitrine/domain/endpoints';
import { answerOf, call, callLoosely, makeTestApp, type TestApp } from '../testing';
import { PAUSED_MESSAGE } from '../errors';
import { NO_SENDER_TO_REPLY } from '../commands/message-replier';
import { OWN_ADMIN_STATUS } from '../commands/admin-status-setter';
import { ADMINS_NOT_PAUSED } from '../commands/pause-status-setter';
import { OWN_ACCOUNT_DELETE } from '../commands/user-deleter';
import { badTransition } from '../commands/report-updater';
import { ONLY_DECIDED_DELETED } from '../commands/report-deleter';

let t: TestApp;
let admin: { user: UserRow; agent: TestAgent };
beforeAll(async () => {
  t = await makeTestApp();
  admin = await t.member({ isAdmin: true, email: 'admin@example.com' });
});
afterAll(async () => {
  await t.close();
});

const NOWHERE = 2_000_000_000;
const store = (input: Partial<NewMessage> = {}) => buildMessage(t.deps.sql, input);
/** A report straight in the table. */
async function report(projectId: number, status: ReportStatus = 'pending', reporterUserId?: number): Promise<number> {
  const reporter = reporterUserId ?? (await buildUser(t.deps.sql)).id;
  const [row] = await t.deps.sql<{ id: number }[]>`
    INSERT INTO reports (project_id, reporter_user_id, reporter_ip, reason, additional_details, status)
    VALUES (${projectId}, ${reporter}, '203.0.113.9', 'spam', 'Looks like spam', ${status}) RETURNING id`;
  await t.deps.sql`UPDATE projects SET report_count = report_count + 1 WHERE id = ${projectId}`;
  return row!.id;
}
const projectRow = async (id: number) => (await t.deps.sql`SELECT * FROM projects WHERE id = ${id}`)[0];
const reportRow = async (id: number) => (await t.deps.sql`SELECT * FROM reports WHERE id = ${id}`)[0];
const eventsNamed = (name: string, key: string, value: number) =>
  t.deps.sql<{ payload: Record<string, unknown> }[]>`
    SELECT payload FROM events WHERE name = ${name} AND (payload->>${key})::int = ${value} ORDER BY id`;

/** Every admin route, with a request an admin may make that changes nothing shared. */
const ROUTES: Array<{
  endpoint: Endpoint;
  params?: Record<string, number>;
  query?: Record<string, string>;
  body?: object;
  adminStatus: number;
}> = [
  { endpoint: endpoints.admin.messages, adminStatus: 200 },
  {
    endpoint: endpoints.admin.sendMessage,
    body: { recipientUserId: NOWHERE, subject: 'Hello', message: 'A message to nobody.' },
    adminStatus: 404,
  },
  {
    endpoint: endpoints.admin.reply,
    params: { id: NOWHERE },
    body: { subject: 'Hello', message: 'A reply to nothing.' },
    adminStatus: 404,
  },
  { endpoint: endpoints.admin.users, adminStatus: 200 },
  { endpoint: endpoints.admin.setAdmin, params: { userId: NOWHERE }, body: { isAdmin: true }, adminStatus: 404 },
  { endpoint: endpoints.admin.setPaused, params: { userId: NOWHERE }, body: { isPaused: true }, adminStatus: 404 },
  { endpoint: endpoints.admin.removeUser, params: { userId: NOWHERE }, adminStatus: 404 },
  { endpoint: endpoints.admin.projects, adminStatus: 200 },
  { endpoint: endpoints.admin.removeProject, params: { id: NOWHERE }, adminStatus: 404 },
  {
    endpoint: endpoints.admin.setProjectVisibility,
    params: { projectId: NOWHERE },
    body: { hidden: true },
    adminStatus: 404,
  },
  { endpoint: endpoints.admin.reports, query: { status: 'pending' }, adminStatus: 200 },
  { endpoint: endpoints.admin.updateReport, params: { id: NOWHERE }, body: { status: 'reviewed' }, adminStatus: 404 },
  { endpoint: endpoints.admin.removeReport, params: { id: NOWHERE }, adminStatus: 404 },
];

describe('admin routes: who may call them', () => {
  it.each(ROUTES)(
    '$endpoint.method $endpoint.path: visitor 401, member 403, paused member 403, admin $adminStatus',
    async ({ endpoint, params, query, body, adminStatus }) => {
      // The table holds routes of every shape, so its calls are not typed per route.
      const send = (agent: TestAgent) => callLoosely(agent, endpoint, { params, query, body });
      const visitor = await send(t.agent());
      expect(visitor.status).toBe(401);
      expect(visitor.body).toEqual({ message: expect.any(String) });
      const member = await send((await t.member()).agent);
      expect(member.status).toBe(403);
      expect(member.body).toEqual({ message: expect.any(String) });
      const paused = await send((await t.member({ isPaused: true })).agent);
      expect(paused.status).toBe(403);
      const res = await send(admin.agent);
      expect(res.status).toBe(adminStatus);
    },
  );

  it('refuses writes of a paused admin account with the paused message', async () => {
    const pausedAdmin = await t.member({ isAdmin: true });
    await t.deps.sql`UPDATE users SET is_paused = true WHERE id = ${pausedAdmin.user.id}`;
    const target = await buildUser(t.deps.sql);
    const res = await call(pausedAdmin.agent, endpoints.admin.setPaused, {
      params: { userId: target.id },
      body: { isPaused: true },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: PAUSED_MESSAGE });
    expect((await call(pausedAdmin.agent, endpoints.admin.users)).status).toBe(200);
  });

  it.each(ROUTES.filter((r) => r.params))(
    '$endpoint.method $endpoint.path answers 400 Invalid id to a non-numeric id',
    async ({ endpoint, params, body }) => {
      const bad = Object.fromEntries(Object.keys(params!).map((name) => [name, 'abc']));
      const res = await callLoosely(admin.agent, endpoint, { params: bad, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Invalid id' });
    },
  );
});

describe('admin messages', () => {
  it("GET /api/admin/messages lists every message, newest first, with senders' addresses", async () => {
    const a = await buildUser(t.deps.sql);
    const b = await buildUser(t.deps.sql);
    const between = await store({ senderUserId: a.id, recipientUserId: b.id, senderEmail: 'a@example.com' });
    const fromVisitor = await store({ senderName: 'Visitor', senderEmail: 'v@example.com' });
    const res = await call(admin.agent, endpoints.admin.messages);
    expect(res.status).toBe(200);
    const list = answerOf(endpoints.admin.messages, res);
    const ids = list.map((m) => m.id);
    expect(ids.indexOf(fromVisitor)).toBeLessThan(ids.indexOf(between));
    expect(list.find((m) => m.id === between)).toMatchObject({
      senderEmail: 'a@example.com',
      senderUsername: a.username,
      recipientUsername: b.username,
    });
  });

  it('POST /api/admin/messages sends the composer message to a user (event kind direct)', async () => {
    const to = await t.member();
    const res = await call(admin.agent, endpoints.admin.sendMessage, {
      body: { recipientUserId: to.user.id, subject: 'Notice', message: 'Please read the rules.' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ senderUserId: admin.user.id, recipientUserId: to.user.id, subject: 'Notice' });
    expect((await call(to.agent, endpoints.messages.list)).body.map((m: MessageView) => m.id)).toContain(res.body.id);
    expect((await eventsNamed('message.created', 'messageId', res.body.id))[0]!.payload).toMatchObject({
      kind: 'direct',
      senderUserId: admin.user.id,
    });
  });

  it.each([
    [{ recipientUserId: undefined }, 'Please select a recipient for your message.'],
    [{ subject: 'a' }, 'Subject must be at least 3 characters.'],
    [{ message: 'short' }, 'Your message must be at least 10 characters.'],
  ])('POST /api/admin/messages answers 400 to %j', async (change, message) => {
    const to = await buildUser(t.deps.sql);
    const res = await callLoosely(admin.agent, endpoints.admin.sendMessage, {
      body: { recipientUserId: to.id, subject: 'Notice', message: 'Please read the rules.', ...change },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await t.deps.sql`SELECT 1 FROM contact_messages WHERE recipient_user_id = ${to.id}`).toHaveLength(0);
  });

  it('POST /api/admin/messages/{id}/reply answers the original sender (event kind reply)', async () => {
    const asker = await t.member();
    const original = await store({ senderUserId: asker.user.id, senderName: asker.user.username });
    const res = await call(admin.agent, endpoints.admin.reply, {
      params: { id: original },
      body: { subject: 'Re: question', message: 'Here is your answer.' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      senderUserId: admin.user.id,
      recipientUserId: asker.user.id,
      subject: 'Re: question',
      message: 'Here is your answer.',
    });
    const box: MessageView[] = (await call(asker.agent, endpoints.messages.list)).body;
    expect(box.map((m) => m.id)).toEqual(expect.arrayContaining([res.body.id, original]));
    // The member sees the reply is an admin's (and may answer it in the inbox); their own message is not.
    expect(box.find((m) => m.id === res.body.id)?.senderIsAdmin).toBe(true);
    expect(box.find((m) => m.id === original)?.senderIsAdmin).toBe(false);
    expect((await eventsNamed('message.created', 'messageId', res.body.id))[0]!.payload).toEqual({
      messageId: res.body.id,
      recipientUserId: asker.user.id,
      senderUserId: admin.user.id,
      kind: 'reply',
      sendCopy: false,
      emailMode: false,
    });
  });

  it("reply to a visitor: recorded for the worker to mail to the visitor's address, quoting the original; the card shows it answered", async () => {
    const email = `visitor${Date.now()}@example.com`;
    const original = await store({
      senderName: 'Visitor',
      senderEmail: email,
      subject: 'Opening hours',
      message: 'When?',
    });
    const res = await call(admin.agent, endpoints.admin.reply, {
      params: { id: original },
      body: { subject: 'Re: Opening hours', message: 'We never close.' },
    });
    expect(res.status).toBe(201);
    // The answer is the original, now answered; no message row is made for an account that does not exist.
    expect(res.body).toMatchObject({
      id: original,
      senderUserId: null,
      senderEmail: email,
      repliedAt: expect.any(String),
    });
    expect(await t.deps.sql`SELECT 1 FROM contact_messages WHERE subject = 'Re: Opening hours'`).toHaveLength(0);
    const [reply] = await t.deps.sql`SELECT * FROM visitor_replies WHERE message_id = ${original}`;
    expect(reply).toMatchObject({
      adminUserId: admin.user.id,
      toEmail: email,
      subject: 'Re: Opening hours',
      message: 'We never close.',
      originalSubject: 'Opening hours',
      originalMessage: 'When?',
    });
    expect((await eventsNamed('visitorReply.created', 'messageId', original)).map((e) => e.payload)).toEqual([
      { replyId: reply!.id, messageId: original },
    ]);
    const box: MessageView[] = (await call(admin.agent, endpoints.admin.messages)).body;
    expect(box.find((m) => m.id === original)?.repliedAt).toBe(res.body.repliedAt);
    // Another admin sees it answered too.
    const other = await t.member({ isAdmin: true });
    const otherBox: MessageView[] = (await call(other.agent, endpoints.messages.list)).body;
    expect(otherBox.find((m) => m.id === original)?.repliedAt).toBe(res.body.repliedAt);
  });

  it('reply: 400 without a sender account or address, 400 on bad input, 404 for a missing message', async () => {
    const fromVisitor = await store({ senderName: 'Visitor', senderEmail: null });
    const noSender = await call(admin.agent, endpoints.admin.reply, {
      params: { id: fromVisitor },
      body: { subject: 'Re: hi', message: 'Here is your answer.' },
    });
    expect(noSender.status).toBe(400);
    expect(noSender.body).toEqual({ message: NO_SENDER_TO_REPLY });
    const asker = await buildUser(t.deps.sql);
    const original = await store({ senderUserId: asker.id });
    for (const [body, message] of [
      [{ subject: 'Re', message: 'Here is your answer.' }, 'Subject must be at least 3 characters.'],
      [{ subject: 'Re: hi', message: '   short   ' }, 'Your message must be at least 10 characters.'],
      [{ message: 'Here is your answer.' }, 'Subject must be at least 3 characters.'],
    ] as const) {
      const res = await callLoosely(admin.agent, endpoints.admin.reply, { params: { id: original }, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    }
    expect(await t.deps.sql`SELECT 1 FROM contact_messages WHERE recipient_user_id = ${asker.id}`).toHaveLength(0);
    const missing = await call(admin.agent, endpoints.admin.reply, {
      params: { id: NOWHERE },
      body: { subject: 'Re: hi', message: 'Here is your answer.' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Message not found' });
  });

  it('limits an admin to 60 messages and replies per 10 minutes with 429 and Retry-After', async () => {
    const sender = await t.member({ isAdmin: true });
    const to = await buildUser(t.deps.sql);
    const original = await store({ senderUserId: to.id });
    const body = { recipientUserId: to.id, subject: 'Hello', message: 'A message from the admins.' };
    for (let i = 0; i < 30; i += 1)
      expect((await call(sender.agent, endpoints.admin.sendMessage, { body })).status).toBe(201);
    for (let i = 0; i < 30; i += 1) {
      expect(
        (
          await call(sender.agent, endpoints.admin.reply, {
            params: { id: original },
            body: { subject: 'Re: hi', message: 'Here is your answer.' },
          })
        ).status,
      ).toBe(201);
    }
    for (const res of [
      await call(sender.agent, endpoints.admin.sendMessage, { body }),
      await call(sender.agent, endpoints.admin.reply, {
        params: { id: original },
        body: { subject: 'Re: hi', message: 'Here is your answer.' },
      }),
    ]) {
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.body).toEqual({ message: expect.stringMatching(/Too many messages/) });
    }
    expect(await t.deps.sql`SELECT 1 FROM contact_messages WHERE sender_user_id = ${sender.user.id}`).toHaveLength(60);
  });
});

describe('admin users', () => {
  it('GET /api/admin/users lists users without secrets', async () => {
    const u = await buildUser(t.deps.sql, { email: 'listed@example.com', role: 'tester' });
    const res = await call(admin.agent, endpoints.admin.users);
    expect(res.status).toBe(200);
    const row = answerOf(endpoints.admin.users, res).find((x) => x.id === u.id);
    expect(row).toEqual({
      id: u.id,
      username: u.username,
      email: 'listed@example.com',
      isAdmin: false,
      isPaused: false,
      role: 'tester',
      isVerified: false,
      createdAt: expect.stringMatching(/^\d{4}-/),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon/i);
  });

  it('GET /api/admin/users?q= finds users by part of their username or email, in any case', async () => {
    const tag = uniqueName('srch').replace(/_/g, 'x').slice(0, 20);
    const byName = await buildUser(t.deps.sql, { username: `${tag}_name` });
    const byEmail = await buildUser(t.deps.sql, { email: `${tag}@Example.com` });
    await buildUser(t.deps.sql);
    const ids = async (q: string) => {
      const res = await call(admin.agent, endpoints.admin.users, { query: { q } });
      expect(res.status).toBe(200);
      return answerOf(endpoints.admin.users, res).map((u) => u.id);
    };
    expect(await ids(tag.toUpperCase())).toEqual([byEmail.id, byName.id]);
    expect(await ids(`${tag}@example`)).toEqual([byEmail.id]);
    // LIKE wildcards are plain characters; a blank search lists everyone.
    expect(await ids(`${tag}%`)).toEqual([]);
    expect((await ids('  ')).length).toBeGreaterThan(2);
    const tooLong = await callLoosely(admin.agent, endpoints.admin.users, { query: { q: 'x'.repeat(101) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ message: 'Search must be 100 characters or less' });
  });

  it("PATCH .../admin grants and removes admin; never one's own; a new admin is unpaused", async () => {
    const u = await buildUser(t.deps.sql, { isPaused: true });
    const grant = await call(admin.agent, endpoints.admin.setAdmin, {
      params: { userId: u.id },
      body: { isAdmin: true },
    });
    expect(grant.status).toBe(200);
    expect(grant.body).toMatchObject({ id: u.id, isAdmin: true, isPaused: false });
    const revoke = await call(admin.agent, endpoints.admin.setAdmin, {
      params: { userId: u.id },
      body: { isAdmin: false },
    });
    expect(revoke.body).toMatchObject({ id: u.id, isAdmin: false });
    const self = await call(admin.agent, endpoints.admin.setAdmin, {
      params: { userId: admin.user.id },
      body: { isAdmin: false },
    });
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ message: OWN_ADMIN_STATUS });
    expect((await t.deps.sql`SELECT is_admin FROM users WHERE id = ${admin.user.id}`)[0]!.isAdmin).toBe(true);
    for (const body of [{}, { isAdmin: 'yes' }, { isAdmin: 1 }]) {
      const bad = await callLoosely(admin.agent, endpoints.admin.setAdmin, { params: { userId: u.id }, body });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ message: 'isAdmin must be true or false' });
    }
  });

  it('PATCH .../pause pauses and unpauses a member, whose writes are then refused', async () => {
    const m = await t.member();
    const res = await call(admin.agent, endpoints.admin.setPaused, {
      params: { userId: m.user.id },
      body: { isPaused: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: m.user.id, isPaused: true });
    const write = await call(m.agent, endpoints.messages.send, {
      body: { recipientUserId: admin.user.id, subject: 'Hello', message: 'Am I paused now?' },
    });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ message: PAUSED_MESSAGE });
    const unpause = await call(admin.agent, endpoints.admin.setPaused, {
      params: { userId: m.user.id },
      body: { isPaused: false },
    });
    expect(unpause.body).toMatchObject({ isPaused: false });
    const bad = await callLoosely(admin.agent, endpoints.admin.setPaused, {
      params: { userId: m.user.id },
      body: { isPaused: 'true' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'isPaused must be true or false' });
  });

  it('PATCH .../pause refuses to pause an admin (also oneself)', async () => {
    const other = await buildUser(t.deps.sql, { isAdmin: true });
    for (const id of [other.id, admin.user.id]) {
      const res = await call(admin.agent, endpoints.admin.setPaused, {
        params: { userId: id },
        body: { isPaused: true },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: ADMINS_NOT_PAUSED });
      expect((await t.deps.sql`SELECT is_paused FROM users WHERE id = ${id}`)[0]!.isPaused).toBe(false);
    }
  });

  it('DELETE /api/admin/users/{id} deletes the user with their projects, corrects counters and records events', async () => {
    const victim = await buildUser(t.deps.sql);
    const own1 = await buildProject(t.deps.sql, { userId: victim.id });
    const own2 = await buildProject(t.deps.sql, { userId: victim.id });
    const other = await buildProject(t.deps.sql);
    await t.deps
      .sql`INSERT INTO votes (project_id, user_id, ip_address) VALUES (${other.id}, ${victim.id}, '203.0.113.1')`;
    await t.deps.sql`INSERT INTO votes (project_id, user_id, ip_address) VALUES (${other.id}, NULL, '203.0.113.2')`;
    await t.deps.sql`UPDATE projects SET votes = 2 WHERE id = ${other.id}`;
    const rater = await buildUser(t.deps.sql);
    await t.deps
      .sql`INSERT INTO ratings (project_id, user_id, ip_address, rating) VALUES (${other.id}, ${victim.id}, '203.0.113.1', 2), (${other.id}, ${rater.id}, '203.0.113.3', 9)`;
    await t.deps.sql`UPDATE projects SET total_ratings = 2, average_rating = 5.5 WHERE id = ${other.id}`;

    const res = await call(admin.agent, endpoints.admin.removeUser, { params: { userId: victim.id }, body: {} });
    expect(res.status).toBe(204);
    expect(await t.deps.sql`SELECT 1 FROM users WHERE id = ${victim.id}`).toHaveLength(0);
    expect(await t.deps.sql`SELECT 1 FROM projects WHERE id IN ${t.deps.sql([own1.id, own2.id])}`).toHaveLength(0);
    expect(await projectRow(other.id)).toMatchObject({ votes: 1, totalRatings: 1, averageRating: '9.0' });
    expect(await eventsNamed('user.deleted', 'userId', victim.id)).toHaveLength(1);
    expect(await eventsNamed('project.deleted', 'projectId', own1.id)).toHaveLength(1);
    expect(await eventsNamed('project.deleted', 'projectId', own2.id)).toHaveLength(1);
    expect(await eventsNamed('project.updated', 'projectId', other.id)).toHaveLength(1);

    const again = await call(admin.agent, endpoints.admin.removeUser, { params: { userId: victim.id }, body: {} });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'User not found' });
  });

  it("DELETE refuses one's own account", async () => {
    const res = await call(admin.agent, endpoints.admin.removeUser, { params: { userId: admin.user.id }, body: {} });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: OWN_ACCOUNT_DELETE });
    expect(await t.deps.sql`SELECT 1 FROM users WHERE id = ${admin.user.id}`).toHaveLength(1);
  });

  it('a deleted member is signed out', async () => {
    const m = await t.member();
    expect(
      (await call(admin.agent, endpoints.admin.removeUser, { params: { userId: m.user.id }, body: {} })).status,
    ).toBe(204);
    expect((await call(m.agent, endpoints.auth.me)).status).toBe(401);
  });
});

describe('admin projects', () => {
  it('GET /api/admin/projects lists hidden projects too, newest first, at most 100', async () => {
    const hidden = await buildProject(t.deps.sql, { isHidden: true, createdAt: new Date(Date.now() + 60_000) });
    const res = await call(admin.agent, endpoints.admin.projects);
    expect(res.status).toBe(200);
    const list = answerOf(endpoints.admin.projects, res);
    expect(list.length).toBeLessThanOrEqual(100);
    expect(list[0]).toMatchObject({ id: hidden.id, isHidden: true, canEdit: true, username: expect.any(String) });
    const times = list.map((p) => Date.parse(p.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('GET /api/admin/projects?q= searches title, description and tags, hidden projects included', async () => {
    const tag = uniqueName('find').replace(/_/g, 'x').slice(0, 20);
    const hidden = await buildProject(t.deps.sql, { title: `Hidden ${tag}`, isHidden: true });
    const tagged = await buildProject(t.deps.sql, { tags: `retro, ${tag}`, createdAt: new Date(Date.now() - 60_000) });
    await buildProject(t.deps.sql, { title: 'Something else' });
    const res = await call(admin.agent, endpoints.admin.projects, { query: { q: tag.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(answerOf(endpoints.admin.projects, res).map((p) => p.id)).toEqual([hidden.id, tagged.id]);
  });

  it('DELETE /api/admin/projects/{id} deletes it and records project.deleted', async () => {
    const p = await buildProject(t.deps.sql);
    const res = await call(admin.agent, endpoints.admin.removeProject, { params: { id: p.id }, body: {} });
    expect(res.status).toBe(204);
    expect(await projectRow(p.id)).toBeUndefined();
    expect(await eventsNamed('project.deleted', 'projectId', p.id)).toHaveLength(1);
    const again = await call(admin.agent, endpoints.admin.removeProject, { params: { id: p.id }, body: {} });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Project not found' });
  });

  it('PATCH .../visibility hides and shows a project, answers it and records project.hidden', async () => {
    const p = await buildProject(t.deps.sql);
    const hide = await call(admin.agent, endpoints.admin.setProjectVisibility, {
      params: { projectId: p.id },
      body: { hidden: true },
    });
    expect(hide.status).toBe(200);
    expect(hide.body).toMatchObject({ id: p.id, isHidden: true });
    expect((await call(t.agent(), endpoints.projects.detail, { params: { id: p.id } })).status).toBe(404);
    const show = await call(admin.agent, endpoints.admin.setProjectVisibility, {
      params: { projectId: p.id },
      body: { hidden: false },
    });
    expect(show.body).toMatchObject({ id: p.id, isHidden: false });
    expect((await eventsNamed('project.hidden', 'projectId', p.id)).map((e) => e.payload.hidden)).toEqual([
      true,
      false,
    ]);
    for (const body of [{}, { hidden: 'no' }]) {
      const bad = await callLoosely(admin.agent, endpoints.admin.setProjectVisibility, {
        params: { projectId: p.id },
        body,
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ message: 'hidden must be true or false' });
    }
  });
});

describe('admin reports', () => {
  it('GET /api/admin/reports lists one status (pending by default) as AdminReport rows', async () => {
    const p = await buildProject(t.deps.sql);
    const reporter = await buildUser(t.deps.sql);
    const pending = await report(p.id, 'pending', reporter.id);
    const dismissed = await report(p.id, 'dismissed');
    const res = await call(admin.agent, endpoints.admin.reports);
    expect(res.status).toBe(200);
    const row = answerOf(endpoints.admin.reports, res).find((r) => r.id === pending);
    expect(row).toEqual({
      id: pending,
      projectId: p.id,
      projectTitle: p.title,
      projectHidden: false,
      reason: 'spam',
      additionalDetails: 'Looks like spam',
      reporterUsername: reporter.username,
      createdAt: expect.stringMatching(/^\d{4}-/),
      status: 'pending',
      adminNotes: null,
    });
    expect(answerOf(endpoints.admin.reports, res).map((r) => r.id)).not.toContain(dismissed);
    const d = await call(admin.agent, endpoints.admin.reports, { query: { status: 'dismissed' } });
    expect(answerOf(endpoints.admin.reports, d).map((r) => r.id)).toContain(dismissed);
    expect(answerOf(endpoints.admin.reports, d).every((r) => r.status === 'dismissed')).toBe(true);
    const bad = await callLoosely(admin.agent, endpoints.admin.reports, { query: { status: 'open' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'status must be pending, reviewed, dismissed or removed' });
  });

  it('PATCH moves a pending report to reviewed or dismissed with notes, leaving the project as it is', async () => {
    const p = await buildProject(t.deps.sql);
    const r1 = await report(p.id);
    const r2 = await report(p.id);
    const reviewed = await call(admin.agent, endpoints.admin.updateReport, {
      params: { id: r1 },
      body: { status: 'reviewed', adminNotes: '  Checked it  ' },
    });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toMatchObject({ id: r1, status: 'reviewed', adminNotes: 'Checked it', projectHidden: false });
    const dismissed = await call(admin.agent, endpoints.admin.updateReport, {
      params: { id: r2 },
      body: { status: 'dismissed' },
    });
    expect(dismissed.body).toMatchObject({ id: r2, status: 'dismissed', adminNotes: null });
    expect((await projectRow(p.id)).isHidden).toBe(false);
    expect(await eventsNamed('project.hidden', 'projectId', p.id)).toHaveLength(0);
  });

  it('Hide (status removed) hides the project; Restore (removed -> reviewed) shows it again', async () => {
    const p = await buildProject(t.deps.sql);
    const r = await report(p.id);
    const hide = await call(admin.agent, endpoints.admin.updateReport, {
      params: { id: r },
      body: { status: 'removed', adminNotes: 'Spam' },
    });
    expect(hide.status).toBe(200);
    expect(hide.body).toMatchObject({ status: 'removed', projectHidden: true, adminNotes: 'Spam' });
    expect(await projectRow(p.id)).toMatchObject({ isHidden: true });
    expect((await reportRow(r)).isHidden).toBe(true);
    const restore = await call(admin.agent, endpoints.admin.updateReport, {
      params: { id: r },
      body: { status: 'reviewed' },
    });
    expect(restore.status).toBe(200);
    expect(restore.body).toMatchObject({ status: 'reviewed', projectHidden: false, adminNotes: 'Spam' });
    expect(await projectRow(p.id)).toMatchObject({ isHidden: false });
    expect((await eventsNamed('project.hidden', 'projectId', p.id)).map((e) => e.payload.hidden)).toEqual([
      true,
      false,
    ]);
    // Hide is offered for a decided report too.
    const again = await call(admin.agent, endpoints.admin.updateReport, {
      params: { id: r },
      body: { status: 'removed' },
    });
    expect(again.body).toMatchObject({ status: 'removed', projectHidden: true });
  });

  it.each([
    ['reviewed', 'pending'],
    ['dismissed', 'reviewed'],
    ['reviewed', 'dismissed'],
    ['removed', 'dismissed'],
    ['removed', 'pending'],
  ] as const)('PATCH refuses %s -> %s with 400', async (from, to) => {
    const p = await buildProject(t.deps.sql);
    const r = await report(p.id, from);
    const res = await call(admin.agent, endpoints.admin.updateReport, { params: { id: r }, body: { status: to } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: badTransition(from, to) });
    expect((await reportRow(r)).status).toBe(from);
  });

  it('PATCH answers 400 to bad input and 404 to a missing report', async () => {
    const p = await buildProject(t.deps.sql);
    const r = await report(p.id);
    for (const [body, message] of [
      [{}, 'status must be pending, reviewed, dismissed or removed'],
      [{ status: 'closed' }, 'status must be pending, reviewed, dismissed or removed'],
      [{ status: 'reviewed', adminNotes: 5 }, 'Admin notes must be text'],
      [{ status: 'reviewed', adminNotes: 'n'.repeat(1001) }, 'Admin notes must be 1000 characters or less'],
    ] as const) {
      const res = await callLoosely(admin.agent, endpoints.admin.updateReport, { params: { id: r }, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    }
    expect((await reportRow(r)).status).toBe('pending');
    const missing = await call(admin.agent, endpoints.admin.updateReport, {
      params: { id: NOWHERE },
      body: { status: 'reviewed' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Report not found' });
  });

  it('DELETE removes a decided report (and its count) but never a pending one', async () => {
    const p = await buildProject(t.deps.sql);
    const pending = await report(p.id);
    const decided = await report(p.id, 'dismissed');
    const refused = await call(admin.agent, endpoints.admin.removeReport, { params: { id: pending } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: ONLY_DECIDED_DELETED });
    expect(await reportRow(pending)).toBeDefined();
    expect((await call(admin.agent, endpoints.admin.removeReport, { params: { id: decided } })).status).toBe(204);
    expect(await reportRow(decided)).toBeUndefined();
    expect((await projectRow(p.id)).reportCount).toBe(1);
    const again = await call(admin.agent, endpoints.admin.removeReport, { params: { id: decided } });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Report not found' });
  });
});
