import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { makeTestApp, randomIp, type TestApp } from '@vitrine/api/testing';
import { eventJob, eventJobId } from '@vitrine/runtime/queues';
import type { Config } from '@vitrine/runtime/config';
import type { StoredEvent } from '@vitrine/domain/events';
import { startWorker, type RunningWorker } from '@vitrine/worker/index';
import { freePort, sleep, waitFor, workerTestConfig } from '@vitrine/worker/testing';
import { startSmtp, type Received } from './smtp-sink';

const ADMIN_EMAIL = 'admins@example.com';

let port: number;
let config: Config;
let t: TestApp;
let worker: RunningWorker;
const inbox: Received[] = [];
let smtp: { close: () => Promise<void> } | null = null;

beforeAll(async () => {
  port = await freePort();
  config = workerTestConfig({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    adminEmail: ADMIN_EMAIL,
    mailFrom: 'Vitrine <no-reply@vitrine.test>',
  });
  t = await makeTestApp({ redisPrefix: config.redisPrefix, adminEmail: ADMIN_EMAIL });
  worker = await startWorker(config, { schedulers: false, emailBackoffMs: 200 });
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
  await smtp?.close();
});

/** A header as read: its RFC 2047 Q-encoded words (long or non-ASCII subjects) decoded. */
function decodeHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, word: string) =>
    Buffer.from(
      word.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8'),
  );
}

/** The token of the confirmation link in a mail's body (quoted-printable decoded, as a mail client does). */
function linkToken(body: string): string {
  const decoded = body
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const match = /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(decoded);
  expect(match, body).not.toBeNull();
  return match![1]!;
}

/** Mails received for `address`. */
const mailsTo = (address: string) => inbox.filter((m) => m.rcptTo.includes(address));

/** The event recorded for the newest message of `subject`. */
async function eventOf(subject: string): Promise<StoredEvent> {
  const [row] = await t.deps.sql<{ id: string; name: string; payload: object }[]>`
    SELECT e.id, e.name, e.payload FROM events e JOIN contact_messages m ON m.id = (e.payload->>'messageId')::int
    WHERE e.name = 'message.created' AND m.subject = ${subject} ORDER BY e.id DESC LIMIT 1`;
  return { ...(row!.payload as object), name: row!.name, id: Number(row!.id) } as StoredEvent;
}

describe('emails over SMTP', () => {
  it('an email-mode contact goes to ADMIN_EMAIL; the visitor gets a confirmation link without the text, and the copy only after following it', async () => {
    smtp = await startSmtp(port, inbox);
    const subject = `Question ${Date.now()}`;
    const res = await t.agent().post('/api/contact').set('X-Forwarded-For', randomIp()).send({
      senderName: 'Ada',
      senderEmail: 'ada@example.com',
      subject,
      message: 'Hello, how do I submit?',
      sendCopy: true,
      mode: 'email',
    });
    expect(res.status).toBeLessThan(300);
    expect(res.body.copy).toBe('confirm');

    await waitFor(
      'the admin mail and the confirmation',
      async () =>
        mailsTo(ADMIN_EMAIL).some((m) => m.headers.subject?.includes(subject)) && mailsTo('ada@example.com').length > 0,
    );
    const toAdmin = mailsTo(ADMIN_EMAIL).find((m) => m.headers.subject?.includes(subject))!;
    expect(toAdmin.headers['reply-to']).toContain('ada@example.com');
    expect(toAdmin.body).toContain('Hello, how do I submit?');
    // What reaches the typed address first carries nothing the sender wrote.
    const confirmation = mailsTo('ada@example.com')[0]!;
    expect(decodeHeader(confirmation.headers.subject ?? '')).toBe('Vitrine: confirm your email address');
    for (const typed of ['Hello, how do I submit?', subject, 'Ada']) expect(confirmation.body).not.toContain(typed);
    await sleep(300);
    expect(mailsTo('ada@example.com')).toHaveLength(1);

    const token = linkToken(confirmation.body);
    const confirmed = await t.agent().post('/api/email/confirm').set('X-Forwarded-For', randomIp()).send({ token });
    expect(confirmed.status).toBe(200);
    await waitFor('the copy', async () => mailsTo('ada@example.com').length === 2);
    const copy = mailsTo('ada@example.com')[1]!;
    expect(copy.headers.subject).toBe(`Copy of your message: ${subject}`);
    expect(copy.headers.from).toContain('no-reply@vitrine.test');
    expect(copy.body).toContain('Hello, how do I submit?');
  });

  it('a member address is confirmed through the mailed link', async () => {
    smtp ??= await startSmtp(port, inbox);
    const email = `joiner${Date.now()}@example.com`;
    const agent = t.agent();
    const res = await agent
      .post('/api/auth/register')
      .set('X-Forwarded-For', randomIp())
      .send({
        username: `joiner${Date.now().toString(36)}`,
        password: 'a-good-password',
        confirmPassword: 'a-good-password',
        email,
      });
    expect(res.status).toBe(201);
    await waitFor('the confirmation', async () => mailsTo(email).length === 1);
    const token = linkToken(mailsTo(email)[0]!.body);
    expect((await t.agent().post('/api/email/confirm').set('X-Forwarded-For', randomIp()).send({ token })).status).toBe(
      200,
    );
    expect((await agent.get('/api/auth/me')).body.emailVerified).toBe(true);
  });

  it('an admin reply notifies a member who has a confirmed email, and nobody when it is unconfirmed or missing', async () => {
    smtp ??= await startSmtp(port, inbox);
    const admin = await buildUser(t.deps.sql, { isAdmin: true });
    const withEmail = await buildUser(t.deps.sql, { email: `member${Date.now()}@example.com`, emailVerified: true });
    const unconfirmed = await buildUser(t.deps.sql, { email: `unconfirmed${Date.now()}@example.com` });
    const withoutEmail = await buildUser(t.deps.sql);
    const adminAgent = await t.signIn(admin);
    const replies: number[] = [];
    for (const member of [withEmail, unconfirmed, withoutEmail]) {
      const memberAgent = await t.signIn(member);
      const sent = await memberAgent
        .post('/api/contact')
        .set('X-Forwarded-For', randomIp())
        .send({ subject: `Help ${member.id}`, message: 'I need some help here.', mode: 'platform' });
      expect(sent.status).toBeLessThan(300);
      const [original] = await t.deps.sql<
        { id: number }[]
      >`SELECT id FROM contact_messages WHERE sender_user_id = ${member.id}`;
      const reply = await adminAgent
        .post(`/api/admin/messages/${original!.id}/reply`)
        .send({ subject: `Re: Help ${member.id}`, message: 'Here is the answer you need.' });
      expect(reply.status).toBeLessThan(300);
      replies.push((await eventOf(`Re: Help ${member.id}`)).id);
    }
    await waitFor('the notification mail', async () => mailsTo(withEmail.email!).length === 1);
    const mail = mailsTo(withEmail.email!)[0]!;
    expect(decodeHeader(mail.headers.subject!)).toContain(
      `An admin replied to your message "Re: Help ${withEmail.id}"`,
    );
    expect(mail.body).toContain('Here is the answer you need.');
    for (const id of replies.slice(1))
      await waitFor(
        'the other replies handled',
        async () => (await worker.queues.events.getJobState(eventJobId(id))) === 'completed',
      );
    await sleep(300);
    expect(inbox.filter((m) => m.body.includes(`Help ${withoutEmail.id}`))).toEqual([]);
    expect(mailsTo(unconfirmed.email!)).toEqual([]);
  });
});

describe('an admin reply to a visitor', () => {
  it("is mailed once to the visitor's address: 'Re: <subject>', the reply, then the original quoted", async () => {
    smtp ??= await startSmtp(port, inbox);
    const stamp = Date.now();
    const visitor = `visitor${stamp}@example.com`;
    const subject = `Opening hours ${stamp}`;
    const sent = await t.agent().post('/api/contact').set('X-Forwarded-For', randomIp()).send({
      senderName: 'Vi',
      senderEmail: visitor,
      subject,
      message: 'When are you open?\nAnd on Sundays?',
      mode: 'email',
    });
    expect(sent.status).toBe(201);
    const adminAgent = await t.signIn(await buildUser(t.deps.sql, { isAdmin: true }));
    const reply = await adminAgent
      .post(`/api/admin/messages/${sent.body.id}/reply`)
      .send({ subject: `Re: ${subject}`, message: 'Every day, Sundays included.' });
    expect(reply.status).toBe(201);

    await waitFor('the reply', async () => mailsTo(visitor).length === 1);
    const mail = mailsTo(visitor)[0]!;
    expect(decodeHeader(mail.headers.subject ?? '')).toBe(`Re: ${subject}`);
    expect(mail.headers['reply-to']).toContain(ADMIN_EMAIL);
    const body = mail.body.replace(/=\n/g, '');
    expect(body.indexOf('Every day, Sundays included.')).toBeGreaterThanOrEqual(0);
    expect(body.indexOf(`> ${subject}`)).toBeGreaterThan(body.indexOf('Every day, Sundays included.'));
    expect(body).toContain('> When are you open?\n> And on Sundays?');
    const [row] = await t.deps.sql<{ id: string; payload: object }[]>`
      SELECT id, payload FROM events WHERE name = 'visitorReply.created' AND (payload->>'messageId')::int = ${sent.body.id}`;
    const event = { ...row!.payload, name: 'visitorReply.created', id: Number(row!.id) } as StoredEvent;
    const jobId = `event-${event.id}-visitor-reply`;
    await waitFor('the job completed', async () => (await worker.queues.emails.getJobState(jobId)) === 'completed');
    expect(await t.deps.sql`SELECT recipient FROM sent_emails WHERE event_id = ${event.id}`).toEqual([
      { recipient: visitor },
    ]);
    // The event comes round again (as the relay would after its jobs expired): the mail is not sent twice.
    const again = eventJob(event);
    await worker.queues.events.remove(eventJobId(event.id));
    await worker.queues.emails.remove(jobId);
    await worker.queues.events.add(again.name, again.data, again.opts);
    await waitFor(
      'the repeated job completed',
      async () => (await worker.queues.emails.getJobState(jobId)) === 'completed',
    );
    await sleep(300);
    expect(mailsTo(visitor)).toHaveLength(1);
  });
});

describe('test-request news by mail', () => {
  it('mails the owner when a tester joins and sends feedback, and the testers who mail that kind when the status moves, as notification mails', async () => {
    smtp ??= await startSmtp(port, inbox);
    const stamp = Date.now();
    // New members mail every kind at once (migration 0035).
    const owner = await buildUser(t.deps.sql, {
      role: 'developer',
      email: `owner${stamp}@example.com`,
      emailVerified: true,
    });
    const tester = await buildUser(t.deps.sql, {
      role: 'tester',
      email: `tester${stamp}@example.com`,
      emailVerified: true,
    });
    const quiet = await buildUser(t.deps.sql, {
      role: 'tester',
      email: `quiet${stamp}@example.com`,
      emailVerified: true,
    });
    // A tester whose address is unconfirmed gets no mail either.
    const unconfirmed = await buildUser(t.deps.sql, {
      role: 'tester',
      email: `unconfirmed-tester${stamp}@example.com`,
    });
    const project = await buildProject(t.deps.sql, { userId: owner.id });
    const ownerAgent = await t.signIn(owner);
    const title = `Try my app ${stamp}`;
    const opened = await ownerAgent.post('/api/test-requests').send({
      projectId: project.id,
      title,
      description: 'Sign up and send feedback.',
      skillsNeeded: ['Web'],
      maxTesters: 5,
    });
    expect(opened.status, opened.text).toBe(201);
    const id = opened.body.id as number;
    const ownerMails = (n: number) => waitFor(`the owner's mail ${n}`, async () => mailsTo(owner.email!).length === n);

    const testerAgent = await t.signIn(tester);
    expect((await testerAgent.post(`/api/test-requests/${id}/testers`)).status).toBe(201);
    await ownerMails(1);
    const quietAgent = await t.signIn(quiet);
    const kindOff = await quietAgent.patch('/api/users/me/notifications').send({ kinds: { requestStatus: false } });
    expect(kindOff.status, kindOff.text).toBe(200);
    expect((await quietAgent.post(`/api/test-requests/${id}/testers`)).status).toBe(201);
    await ownerMails(2);
    expect((await (await t.signIn(unconfirmed)).post(`/api/test-requests/${id}/testers`)).status).toBe(201);
    await ownerMails(3);
    const feedback = { worked: 'Sign-up works.', problems: 'None so far.', suggestions: 'More colour.', score: 8 };
    expect((await testerAgent.put(`/api/test-requests/${id}/feedback`).send(feedback)).status).toBe(201);
    await ownerMails(4);
    expect((await testerAgent.put(`/api/test-requests/${id}/feedback`).send({ ...feedback, score: 9 })).status).toBe(
      200,
    );
    expect((await ownerAgent.patch(`/api/test-requests/${id}`).send({ status: 'in_progress' })).status).toBe(200);
    await waitFor("the tester's mail", async () => mailsTo(tester.email!).length === 1);

    // Unread joins group into one notification, so each mail names the latest tester first.
    const toOwner = mailsTo(owner.email!).map((m) => decodeHeader(m.headers.subject ?? ''));
    expect(toOwner.slice(0, 3)).toEqual([
      expect.stringContaining(`${tester.username} joined your test request "${title}"`),
      expect.stringContaining(`${quiet.username} and ${tester.username} joined your test request "${title}"`),
      expect.stringContaining(`${unconfirmed.username} and 2 others joined your test request "${title}"`),
    ]);
    // The feedback edit sends nothing more.
    expect(toOwner[3]).toContain(`${tester.username} posted feedback on your test request "${title}"`);
    for (const mail of mailsTo(owner.email!))
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(decodeHeader(mailsTo(tester.email!)[0]!.headers.subject ?? '')).toContain(
      `The test request "${title}" is now in progress`,
    );
    // The tester who switched status mails off gets nothing, and nothing goes twice.
    await sleep(500);
    expect(mailsTo(quiet.email!)).toEqual([]);
    expect(mailsTo(unconfirmed.email!)).toEqual([]);
    expect(mailsTo(owner.email!)).toHaveLength(4);
  });
});

describe('SMTP outage', () => {
  it('retries while the SMTP server is down, delivers once it is back, and never sends twice', async () => {
    await smtp?.close();
    smtp = null;
    const subject = `While down ${Date.now()}`;
    const bo = await buildUser(t.deps.sql, { email: 'bo@example.com', emailVerified: true });
    const res = await (
      await t.signIn(bo)
    )
      .post('/api/contact')
      .set('X-Forwarded-For', randomIp())
      .send({ subject, message: 'Sent while SMTP is down.', sendCopy: true, mode: 'platform' });
    expect(res.status).toBeLessThan(300);
    const event = await eventOf(subject);
    const jobId = `event-${event.id}-contact-copy`;
    await waitFor(
      'a failed attempt',
      async () => ((await worker.queues.emails.getJob(jobId))?.attemptsMade ?? 0) >= 2,
      10_000,
    );
    expect(mailsTo('bo@example.com')).toEqual([]);

    smtp = await startSmtp(port, inbox);
    await waitFor('the mail after the outage', async () => mailsTo('bo@example.com').length === 1, 15_000);
    await waitFor('the job completed', async () => (await worker.queues.emails.getJobState(jobId)) === 'completed');

    // The event comes round again (as the relay would after its jobs expired): nothing is resent.
    await worker.queues.events.remove(eventJobId(event.id));
    await worker.queues.emails.remove(jobId);
    await worker.queues.events.add(eventJob(event).name, eventJob(event).data, eventJob(event).opts);
    await waitFor(
      'the repeated job completed',
      async () => (await worker.queues.emails.getJobState(jobId)) === 'completed',
    );
    await sleep(300);
    expect(mailsTo('bo@example.com')).toHaveLength(1);
    const sent = await t.deps.sql`SELECT recipient FROM sent_emails WHERE event_id = ${event.id}`;
    expect(sent).toEqual([{ recipient: 'bo@example.com' }]);
  });
});
