import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { buildUser } from '@vitrine/db/testing';
import { makeTestApp, randomIp, type TestApp } from '@vitrine/api/testing';
import { eventJob, eventJobId } from '@vitrine/runtime/queues';
import type { Config } from '@vitrine/runtime/config';
import type { StoredEvent } from '@vitrine/domain/events';
import { startWorker, type RunningWorker } from '@vitrine/worker/index';
import { freePort, sleep, waitFor, workerTestConfig } from '@vitrine/worker/testing';

/** A mail as the test SMTP server received it. */
interface Received {
  rcptTo: string[];
  headers: Record<string, string>;
  body: string;
}

/** A real SMTP server in this process (no TLS, no auth), collecting what it accepts. */
function startSmtp(port: number, inbox: Received[]): Promise<{ close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8').replace(/\r\n/g, '\n');
        const [head = '', ...rest] = raw.split('\n\n');
        const headers: Record<string, string> = {};
        for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
          const at = line.indexOf(':');
          if (at > 0) headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
        }
        inbox.push({ rcptTo: session.envelope.rcptTo.map((r) => r.address), headers, body: rest.join('\n\n') });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({ close: () => new Promise<void>((done) => server.close(() => done())) }),
    );
  });
}

const ADMIN_EMAIL = 'admins@example.com';

let port: number;
let config: Config;
let t: TestApp;
let worker: RunningWorker;
const inbox: Received[] = [];
let smtp: { close: () => Promise<void> } | null = null;

beforeAll(async () => {
  port = await freePort();
  config = workerTestConfig({ smtpUrl: `smtp://127.0.0.1:${port}`, adminEmail: ADMIN_EMAIL, mailFrom: 'Vitrine <no-reply@vitrine.test>' });
  t = await makeTestApp({ redisPrefix: config.redisPrefix, adminEmail: ADMIN_EMAIL });
  worker = await startWorker(config, { schedulers: false, emailBackoffMs: 200 });
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
  await smtp?.close();
});

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
  it('an email-mode contact goes to ADMIN_EMAIL and its copy to the sender', async () => {
    smtp = await startSmtp(port, inbox);
    const subject = `Question ${Date.now()}`;
    const res = await t
      .agent()
      .post('/api/contact')
      .set('X-Forwarded-For', randomIp())
      .send({ senderName: 'Ada', senderEmail: 'ada@example.com', subject, message: 'Hello, how do I submit?', sendCopy: true, mode: 'email' });
    expect(res.status).toBeLessThan(300);

    await waitFor('both mails', async () => mailsTo(ADMIN_EMAIL).some((m) => m.headers.subject?.includes(subject)) && mailsTo('ada@example.com').length > 0);
    const toAdmin = mailsTo(ADMIN_EMAIL).find((m) => m.headers.subject?.includes(subject))!;
    expect(toAdmin.headers['reply-to']).toContain('ada@example.com');
    expect(toAdmin.body).toContain('Hello, how do I submit?');
    const copy = mailsTo('ada@example.com')[0]!;
    expect(copy.headers.subject).toBe(`Copy of your message: ${subject}`);
    expect(copy.headers.from).toContain('no-reply@vitrine.test');
    expect(copy.body).toContain('Hello, how do I submit?');
  });

  it('an admin reply notifies a member who has an email, and nobody when they have none', async () => {
    smtp ??= await startSmtp(port, inbox);
    const admin = await buildUser(t.deps.sql, { isAdmin: true });
    const withEmail = await buildUser(t.deps.sql, { email: `member${Date.now()}@example.com` });
    const withoutEmail = await buildUser(t.deps.sql);
    const adminAgent = await t.signIn(admin);
    const replies: number[] = [];
    for (const member of [withEmail, withoutEmail]) {
      const memberAgent = await t.signIn(member);
      const sent = await memberAgent
        .post('/api/contact')
        .set('X-Forwarded-For', randomIp())
        .send({ subject: `Help ${member.id}`, message: 'I need some help here.', mode: 'platform' });
      expect(sent.status).toBeLessThan(300);
      const [original] = await t.deps.sql<{ id: number }[]>`SELECT id FROM contact_messages WHERE sender_user_id = ${member.id}`;
      const reply = await adminAgent.post(`/api/admin/messages/${original!.id}/reply`).send({ subject: `Re: Help ${member.id}`, message: 'Here is the answer you need.' });
      expect(reply.status).toBeLessThan(300);
      replies.push((await eventOf(`Re: Help ${member.id}`)).id);
    }
    await waitFor('the notice', async () => mailsTo(withEmail.email!).length === 1);
    expect(mailsTo(withEmail.email!)[0]!.body).toContain('Here is the answer you need.');
    await waitFor('the second reply handled', async () => (await worker.queues.emails.getJobState(`event-${replies[1]}-reply-notice`)) === 'completed');
    expect(inbox.filter((m) => m.body.includes(`Help ${withoutEmail.id}`))).toEqual([]);
  });
});

describe('SMTP outage', () => {
  it('retries while the SMTP server is down, delivers once it is back, and never sends twice', async () => {
    await smtp?.close();
    smtp = null;
    const subject = `While down ${Date.now()}`;
    const res = await t
      .agent()
      .post('/api/contact')
      .set('X-Forwarded-For', randomIp())
      .send({ senderName: 'Bo', senderEmail: 'bo@example.com', subject, message: 'Sent while SMTP is down.', sendCopy: true, mode: 'platform' });
    expect(res.status).toBeLessThan(300);
    const event = await eventOf(subject);
    const jobId = `event-${event.id}-contact-copy`;
    await waitFor('a failed attempt', async () => ((await worker.queues.emails.getJob(jobId))?.attemptsMade ?? 0) >= 2, 10_000);
    expect(mailsTo('bo@example.com')).toEqual([]);

    smtp = await startSmtp(port, inbox);
    await waitFor('the mail after the outage', async () => mailsTo('bo@example.com').length === 1, 15_000);
    await waitFor('the job completed', async () => (await worker.queues.emails.getJobState(jobId)) === 'completed');

    // The event comes round again (as the relay would after its jobs expired): nothing is resent.
    await worker.queues.events.remove(eventJobId(event.id));
    await worker.queues.emails.remove(jobId);
    await worker.queues.events.add(eventJob(event).name, eventJob(event).data, eventJob(event).opts);
    await waitFor('the repeated job completed', async () => (await worker.queues.emails.getJobState(jobId)) === 'completed');
    await sleep(300);
    expect(mailsTo('bo@example.com')).toHaveLength(1);
    const sent = await t.deps.sql`SELECT recipient FROM sent_emails WHERE event_id = ${event.id}`;
    expect(sent).toEqual([{ recipient: 'bo@example.com' }]);
  });
});
