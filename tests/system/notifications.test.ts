import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { makeEventQueries } from '@vitrine/db/queries/events';
import { makeTestApp, type TestApp } from '@vitrine/api/testing';
import { eventJob, eventJobId } from '@vitrine/runtime/queues';
import type { Config } from '@vitrine/runtime/config';
import type { DomainEvent, StoredEvent } from '@vitrine/domain/events';
import { startWorker, type RunningWorker } from '@vitrine/worker/index';
import { JOB } from '@vitrine/worker/job-names';
import { freePort, sleep, waitFor, workerTestConfig } from '@vitrine/worker/testing';
import { startSmtp, type Received } from './smtp-sink';

/** A whole journey through the api, the queues and the worker: generous on a loaded machine (its waits end when the state is reached). */
const SYSTEM_TEST_TIMEOUT_MS = 120_000;

/** A mail's text with its quoted-printable soft line breaks joined. */
const unfolded = (mail: Received) => mail.body.replace(/=\n/g, '');

let config: Config;
let t: TestApp;
let worker: RunningWorker;
const inbox: Received[] = [];
let smtp: { close: () => Promise<void> };

beforeAll(async () => {
  const port = await freePort();
  config = workerTestConfig({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Vitrine <no-reply@vitrine.test>' });
  smtp = await startSmtp(port, inbox);
  t = await makeTestApp({ redisPrefix: config.redisPrefix });
  worker = await startWorker(config, { schedulers: false, emailBackoffMs: 200 });
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
  await smtp?.close();
});

/** Records `event` in the outbox and queues it, as a command's commit does. */
async function publish(event: DomainEvent): Promise<StoredEvent> {
  const [stored] = await makeEventQueries(t.deps.sql).recordEvents([event]);
  const job = eventJob(stored!);
  await worker.queues.events.add(job.name, job.data, job.opts);
  return stored!;
}

/** A header as read: its RFC 2047 Q-encoded words decoded. */
function decodeHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, word: string) =>
    Buffer.from(
      word.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8'),
  );
}

const mailsTo = (address: string) => inbox.filter((m) => m.rcptTo.includes(address));
const countOf = async (query: Promise<Array<{ count: number }>>) => (await query)[0]!.count;

describe("a maker's new project", { timeout: SYSTEM_TEST_TIMEOUT_MS }, () => {
  it('reaches every follower in batches, once, and mails the instant one with a one-click unsubscribe', async () => {
    const maker = await buildUser(t.deps.sql);
    const stamp = Date.now();
    const instant = await buildUser(t.deps.sql, { email: `instant${stamp}@example.com`, emailVerified: true });
    const unconfirmed = await buildUser(t.deps.sql, { email: `unconfirmed${stamp}@example.com` });
    await t.deps.sql`UPDATE users SET notify_email = 'instant' WHERE id IN (${instant.id}, ${unconfirmed.id})`;
    // 2,500 followers more: three batches of the fan-out.
    await t.deps.sql`
      WITH made AS (
        INSERT INTO users (username, password_hash)
        SELECT 'fan_' || ${stamp}::text || '_' || g, 'x' FROM generate_series(1, 2500) g RETURNING id)
      INSERT INTO follows (follower_id, followee_id) SELECT id, ${maker.id}::int FROM made`;
    await t.deps.sql`
      INSERT INTO follows (follower_id, followee_id) VALUES (${instant.id}, ${maker.id}), (${unconfirmed.id}, ${maker.id})`;
    const project = await buildProject(t.deps.sql, { userId: maker.id, title: `Star map ${stamp}` });
    const event = await publish({ name: 'project.created', projectId: project.id, userId: maker.id });

    const count = () =>
      countOf(t.deps.sql`SELECT count(*)::int AS count FROM notifications WHERE project_id = ${project.id}`);
    await waitFor('every follower notified', async () => (await count()) === 2502);
    const [row] = await t.deps.sql`
      SELECT kind, url, subject, actor_ids, count FROM notifications WHERE user_id = ${instant.id} AND project_id = ${project.id}`;
    expect(row).toEqual({
      kind: 'newProject',
      url: `/projects/${project.id}`,
      subject: project.title,
      actorIds: [maker.id],
      count: 1,
    });

    const mail = await waitFor('the instant mail', async () => mailsTo(instant.email!)[0]);
    expect(decodeHeader(mail.headers.subject!)).toContain(`${maker.username} published a new project`);
    expect(unfolded(mail)).toContain(`${config.siteUrl}/projects/${project.id}`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /<([^>]+)>/.exec(mail.headers['list-unsubscribe']!)![1]!;
    expect(unsubscribe.startsWith(`${config.siteUrl}/api/unsubscribe?token=`)).toBe(true);
    // The text's link opens the page that asks first (api/src/routes/unsubscribe-page.ts).
    expect(unfolded(mail)).toContain(`${config.siteUrl}/unsubscribe?token=`);
    expect(mailsTo(unconfirmed.email!)).toEqual([]);

    // The event comes round again (as the outbox relay would): nothing more is written or mailed.
    await worker.queues.events.remove(eventJobId(event.id));
    const again = eventJob(event);
    const job = await worker.queues.events.add(again.name, again.data, again.opts);
    await waitFor('the repeated event handled', async () => (await job.getState()) === 'completed');
    await sleep(300);
    expect(await count()).toBe(2502);
    expect(
      await countOf(t.deps.sql`SELECT sum(count)::int AS count FROM notifications WHERE project_id = ${project.id}`),
    ).toBe(2502);
    expect(mailsTo(instant.email!)).toHaveLength(1);

    // The mail's one-click unsubscribe turns the mail off.
    const path = unsubscribe.slice(config.siteUrl.length);
    const res = await t.agent().post(path).unset('Origin').type('form').send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    const [settings] = await t.deps.sql`SELECT notify_email FROM users WHERE id = ${instant.id}`;
    expect(settings!.notifyEmail).toBe('off');
  });

  it('reaches no follower while the project is hidden', async () => {
    const maker = await buildUser(t.deps.sql);
    const fan = await buildUser(t.deps.sql);
    await t.deps.sql`INSERT INTO follows (follower_id, followee_id) VALUES (${fan.id}, ${maker.id})`;
    const project = await buildProject(t.deps.sql, { userId: maker.id, isHidden: true });
    const event = await publish({ name: 'project.created', projectId: project.id, userId: maker.id });
    const job = await worker.queues.events.getJob(eventJobId(event.id));
    await waitFor('the event handled', async () => (await job!.getState()) === 'completed');
    expect(await countOf(t.deps.sql`SELECT count(*)::int AS count FROM notifications WHERE user_id = ${fan.id}`)).toBe(
      0,
    );
  });
});

describe('test-request news and digests', { timeout: SYSTEM_TEST_TIMEOUT_MS }, () => {
  it('groups testers joining, and mails a daily digest once', async () => {
    const stamp = Date.now();
    const owner = await buildUser(t.deps.sql, { email: `digest${stamp}@example.com`, emailVerified: true });
    await t.deps
      .sql`UPDATE users SET notify_email = 'daily', notify_kinds = '{"ratingReceived": false}' WHERE id = ${owner.id}`;
    const project = await buildProject(t.deps.sql, { userId: owner.id });
    const [request] = await t.deps.sql<{ id: number }[]>`
      INSERT INTO project_requests (project_id, user_id, title, description, skills_needed, max_testers)
      VALUES (${project.id}, ${owner.id}, ${`Test my app ${stamp}`}, 'Please try every screen of it.', ARRAY['testing'], 5)
      RETURNING id`;
    const [ann, bob] = [await buildUser(t.deps.sql), await buildUser(t.deps.sql)];
    for (const tester of [ann!, bob!]) {
      const event = await publish({
        name: 'tester.joined',
        requestId: request!.id,
        ownerId: owner.id,
        testerId: tester.id,
      });
      const job = await worker.queues.events.getJob(eventJobId(event.id));
      await waitFor('the join handled', async () => (await job!.getState()) === 'completed');
    }
    const rows = await t.deps.sql`SELECT kind, count, actor_count FROM notifications WHERE user_id = ${owner.id}`;
    expect(rows).toEqual([{ kind: 'testerJoined', count: 2, actorCount: 2 }]);
    // A kind switched off is listed in the centre but never mailed.
    const rated = await publish({
      name: 'userRating.saved',
      ratingId: 1,
      requestId: request!.id,
      ratedUserId: owner.id,
      raterUserId: ann!.id,
    });
    const ratedJob = await worker.queues.events.getJob(eventJobId(rated.id));
    await waitFor('the rating handled', async () => (await ratedJob!.getState()) === 'completed');
    expect(mailsTo(owner.email!)).toEqual([]);

    for (let run = 0; run < 2; run += 1) {
      const job = await worker.queues.tasks.add(JOB.sendDigests, { mode: 'daily' });
      await waitFor('the digest run', async () => (await job.getState()) === 'completed');
      await sleep(500);
    }
    const mails = await waitFor('the digest', async () =>
      mailsTo(owner.email!).length > 0 ? mailsTo(owner.email!) : null,
    );
    expect(mails).toHaveLength(1);
    expect(decodeHeader(mails[0]!.headers.subject!)).toContain('Your daily digest: 1 notification');
    expect(unfolded(mails[0]!)).toContain(
      `${bob!.username} and ${ann!.username} joined your test request "Test my app ${stamp}"`,
    );
    expect(unfolded(mails[0]!)).not.toContain('rated you');
  });
});

describe('follows', { timeout: SYSTEM_TEST_TIMEOUT_MS }, () => {
  it('tell the maker of each new follower in one unread line that opens their profile; a repeat or an unfollow tells nothing', async () => {
    const maker = await t.member();
    const alice = await t.member();
    const bob = await t.member();
    const follow = (member: typeof alice) => member.agent.post(`/api/users/${maker.user.username}/follow`);
    expect((await follow(alice)).status).toBe(200);
    expect((await follow(alice)).status).toBe(200);
    expect((await alice.agent.delete(`/api/users/${maker.user.username}/follow`)).status).toBe(200);
    expect((await follow(bob)).status).toBe(200);

    const list = async () => (await maker.agent.get('/api/notifications')).body as Array<Record<string, unknown>>;
    await waitFor('both follows told', async () => (await list())[0]?.count === 2);
    const [line, ...rest] = await list();
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      kind: 'newFollower',
      text: `${bob.user.username} and ${alice.user.username} started following you`,
      url: `/users/${maker.user.username}`,
      readAt: null,
    });
    // Alice and Bob are not told of their own follows.
    expect((await alice.agent.get('/api/notifications')).body).toEqual([]);
    expect((await bob.agent.get('/api/notifications')).body).toEqual([]);
  });
});

describe('comments', { timeout: SYSTEM_TEST_TIMEOUT_MS }, () => {
  it("tell the maker of a comment, the parent's author of a reply and each member named of a mention, once each", async () => {
    const maker = await t.member();
    const alice = await t.member();
    const bob = await t.member();
    const carol = await t.member();
    const project = await buildProject(t.deps.sql, { userId: maker.user.id });
    const path = `/api/projects/${project.id}/comments`;
    const first = await alice.agent.post(path).send({ body: 'Lovely colours.' });
    expect(first.status).toBe(201);
    const reply = await carol.agent.post(path).send({
      body: `Agreed, @${bob.user.username} and @${maker.user.username} should see this.`,
      parentId: first.body.id,
    });
    expect(reply.status).toBe(201);

    const kindsOf = (userId: number) =>
      t.deps.sql<{ kind: string; url: string }[]>`
        SELECT kind, url FROM notifications WHERE user_id = ${userId} ORDER BY kind`;
    await waitFor(
      'the notifications written',
      async () =>
        (await kindsOf(maker.user.id)).length === 2 &&
        (await kindsOf(alice.user.id)).length === 1 &&
        (await kindsOf(bob.user.id)).length === 1,
    );
    // The maker hears of Alice's comment and of Carol's mention (a mention, not a second comment).
    expect((await kindsOf(maker.user.id)).map((n) => n.kind)).toEqual(['comment', 'mention']);
    expect((await kindsOf(alice.user.id)).map((n) => n.kind)).toEqual(['reply']);
    expect(await kindsOf(bob.user.id)).toEqual([{ kind: 'mention', url: `/projects/${project.id}#comments-heading` }]);
    expect(await kindsOf(carol.user.id)).toEqual([]);
  });
});

describe('live-or-down checks', { timeout: SYSTEM_TEST_TIMEOUT_MS }, () => {
  it('tell the owner their project went down, then that it is back up, in one unread row', async () => {
    const owner = await t.member();
    const project = await buildProject(t.deps.sql, { userId: owner.user.id });
    const change = (status: 'down' | 'up', previous: 'up' | 'down') =>
      publish({
        name: 'project.healthChanged',
        projectId: project.id,
        status,
        previous,
        since: new Date().toISOString(),
        recipientIds: [owner.user.id],
      });
    const texts = async () =>
      ((await owner.agent.get('/api/notifications')).body as Array<{ text: string; count: number }>).map(
        (n) => `${n.text} (${n.count})`,
      );
    await change('down', 'up');
    await waitFor('the down news', async () => (await texts()).length === 1);
    expect(await texts()).toEqual([`"${project.title}" is down: its address stopped answering (1)`]);
    await change('up', 'down');
    await waitFor('the up news', async () => (await texts())[0]!.endsWith('(2)'));
    expect(await texts()).toEqual([`"${project.title}" is back up (2)`]);
  });
});

describe('one way to tell a member', { timeout: SYSTEM_TEST_TIMEOUT_MS }, () => {
  /** Publishes `event` and waits until the worker handled it (its notifications written, their mails queued). */
  const handled = async (event: DomainEvent) => {
    const stored = await publish(event);
    const job = await worker.queues.events.getJob(eventJobId(stored.id));
    await waitFor('the event handled', async () => (await job!.getState()) === 'completed');
  };

  it("tells of a tester and of a project going down by notification only, mailed as each member's settings say: at once, in a digest, not for a kind switched off, not at all", async () => {
    const stamp = Date.now();
    const member = (name: string) =>
      buildUser(t.deps.sql, { email: `${name}${stamp}@example.com`, emailVerified: true });
    // A new member mails every kind at once (migration 0035).
    const [instant, kindsOff, off, digest] = [
      await member('once'),
      await member('kinds-off'),
      await member('mail-off'),
      await member('digest-once'),
    ];
    await t.deps.sql`
      UPDATE users SET notify_kinds = '{"testerJoined": false, "projectHealth": false}' WHERE id = ${kindsOff.id}`;
    await t.deps.sql`UPDATE users SET notify_email = 'off' WHERE id = ${off.id}`;
    await t.deps.sql`UPDATE users SET notify_email = 'daily' WHERE id = ${digest.id}`;
    const tester = await buildUser(t.deps.sql);
    for (const owner of [instant, kindsOff, off, digest]) {
      const project = await buildProject(t.deps.sql, { userId: owner.id, title: `Once ${stamp} ${owner.id}` });
      const [request] = await t.deps.sql<{ id: number }[]>`
        INSERT INTO project_requests (project_id, user_id, title, description, skills_needed, max_testers)
        VALUES (${project.id}, ${owner.id}, ${`Try it ${stamp} ${owner.id}`}, 'Please try every screen of it.', ARRAY['testing'], 5)
        RETURNING id`;
      await handled({ name: 'tester.joined', requestId: request!.id, ownerId: owner.id, testerId: tester.id });
      await handled({
        name: 'project.healthChanged',
        projectId: project.id,
        status: 'down',
        previous: 'up',
        since: new Date().toISOString(),
        recipientIds: [owner.id],
      });
    }
    await waitFor('two mails', async () => mailsTo(instant.email!).length >= 2);
    // Any duplicate or stray mail would be on its way by now.
    await sleep(500);
    const instantMails = mailsTo(instant.email!);
    expect(instantMails).toHaveLength(2);
    // Both are notification mails (they carry the one-click unsubscribe), saying what the news means.
    for (const mail of instantMails) expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const subjects = instantMails.map((mail) => decodeHeader(mail.headers.subject!)).join(' | ');
    expect(subjects).toContain(`${tester.username} joined your test request "Try it ${stamp} ${instant.id}"`);
    expect(subjects).toContain(`"Once ${stamp} ${instant.id}" is down: its address stopped answering`);
    const downMail = instantMails.find((mail) => decodeHeader(mail.headers.subject!).includes('is down'))!;
    expect(unfolded(downMail)).toContain('stays out of Trending until it answers again.');
    // A kind switched off, or mail off: no mail of any sort, the news is in the bell.
    expect(mailsTo(kindsOff.email!)).toEqual([]);
    expect(mailsTo(off.email!)).toEqual([]);
    // On a digest: the news waits for it.
    expect(mailsTo(digest.email!)).toEqual([]);
    for (const owner of [kindsOff, off, digest]) {
      const [row] = await t.deps.sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM notifications WHERE user_id = ${owner.id} AND emailed_at IS NULL AND read_at IS NULL`;
      expect(row!.n).toBe(2);
    }
  });
});
