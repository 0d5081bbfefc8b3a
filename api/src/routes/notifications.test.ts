import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { makeNotificationQueries, type NotificationNews } from '@vitrine/db/queries/notifications';
import { BAD_UNSUBSCRIBE_TOKEN, MAX_FOLLOWS } from '@vitrine/domain/notifications';
import { unsubscribeToken } from '@vitrine/runtime/unsubscribe-token';
import { endpoints } from '@vitrine/domain/endpoints';
import { answerOf, call, callLoosely, makeTestApp, type TestApp } from '../testing';
import { FOLLOW_SELF, TOO_MANY_FOLLOWS } from '../commands/follow-setter';
import { UNSUBSCRIBED } from '../commands/unsubscriber';
import { NOTIFICATION_SETTINGS_PATH, UNSUBSCRIBE_CONFIRM } from '../public/unsubscribe-page';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

let newsCount = 0;
/** Delivers news with the worker's own statement (db/src/queries/notifications.ts). */
function deliver(news: Partial<NotificationNews> & Pick<NotificationNews, 'recipientIds'>) {
  newsCount += 1;
  return makeNotificationQueries(t.deps.sql).deliver({
    key: `test:${newsCount}:${Math.random()}`,
    kind: 'testerJoined',
    actorId: null,
    projectId: null,
    groupKey: `request:${newsCount}`,
    url: '/test-requests/1',
    subject: 'Try my game',
    ...news,
  });
}

describe('follows', () => {
  it('follows and unfollows a maker, counting both sides; repeats change nothing', async () => {
    const maker = await buildUser(t.deps.sql);
    const { user, agent } = await t.member();
    const first = await call(agent, endpoints.notifications.follow, {
      params: { username: maker.username.toUpperCase() },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ following: true, followers: 1 });
    expect((await call(agent, endpoints.notifications.follow, { params: { username: maker.username } })).body).toEqual({
      following: true,
      followers: 1,
    });
    const profile = await call(agent, endpoints.users.profile, { params: { username: maker.username } });
    expect(profile.body.user).toMatchObject({ followers: 1, following: 0, viewerFollows: true });
    expect(
      (await call(t.agent(), endpoints.users.profile, { params: { username: maker.username } })).body.user
        .viewerFollows,
    ).toBe(false);
    expect(
      (await call(t.agent(), endpoints.users.profile, { params: { username: user.username } })).body.user.following,
    ).toBe(1);

    expect(
      (await call(agent, endpoints.notifications.unfollow, { params: { username: maker.username } })).body,
    ).toEqual({
      following: false,
      followers: 0,
    });
    expect(
      (await call(agent, endpoints.notifications.unfollow, { params: { username: maker.username } })).body,
    ).toEqual({
      following: false,
      followers: 0,
    });
    expect(
      (await call(t.agent(), endpoints.users.profile, { params: { username: user.username } })).body.user.following,
    ).toBe(0);

    // One event per change (not per call), each with the maker's follower count after it.
    const events = await t.deps.sql<Array<{ name: string; payload: Record<string, unknown> }>>`
      SELECT name, payload FROM events
      WHERE name LIKE 'user.%followed' AND (payload->>'makerId')::int = ${maker.id} ORDER BY id`;
    const ref = { followerId: user.id, makerId: maker.id };
    expect(events.map((e) => [e.name, e.payload])).toEqual([
      ['user.followed', expect.objectContaining({ ...ref, followers: 1 })],
      ['user.unfollowed', expect.objectContaining({ ...ref, followers: 0 })],
    ]);
  });

  it('refuses following oneself (400), an unknown user (404), visitors (401) and paused members (403)', async () => {
    const { user, agent } = await t.member();
    expect(
      await call(agent, endpoints.notifications.follow, { params: { username: user.username } }).then((r) => [
        r.status,
        r.body,
      ]),
    ).toEqual([400, { message: FOLLOW_SELF }]);
    expect(
      (await call(agent, endpoints.notifications.follow, { params: { username: 'nobody-at-all-here' } })).status,
    ).toBe(404);
    const maker = await buildUser(t.deps.sql);
    expect(
      (await call(t.agent(), endpoints.notifications.follow, { params: { username: maker.username } })).status,
    ).toBe(401);
    const { agent: paused } = await t.member({ isPaused: true });
    expect((await call(paused, endpoints.notifications.follow, { params: { username: maker.username } })).status).toBe(
      403,
    );
  });

  it(`refuses a follow past ${MAX_FOLLOWS} makers with 409`, async () => {
    const { user, agent } = await t.member();
    await t.deps.sql`UPDATE users SET following_count = ${MAX_FOLLOWS} WHERE id = ${user.id}`;
    const maker = await buildUser(t.deps.sql);
    const res = await call(agent, endpoints.notifications.follow, { params: { username: maker.username } });
    expect([res.status, res.body]).toEqual([409, { message: TOO_MANY_FOLLOWS }]);
  });
});

describe('GET /api/feed/following', () => {
  it("lists the followed makers' visible projects, newest first, page by page (after)", async () => {
    const [a, b, stranger] = await Promise.all([1, 2, 3].map(() => buildUser(t.deps.sql)));
    const at = (s: number) => new Date(Date.now() - s * 1000);
    const p1 = await buildProject(t.deps.sql, { userId: a!.id, createdAt: at(30) });
    const p2 = await buildProject(t.deps.sql, { userId: b!.id, createdAt: at(20) });
    await buildProject(t.deps.sql, { userId: b!.id, createdAt: at(15), isHidden: true });
    const p3 = await buildProject(t.deps.sql, { userId: a!.id, createdAt: at(10) });
    await buildProject(t.deps.sql, { userId: stranger!.id, createdAt: at(5) });
    const { agent } = await t.member();
    for (const maker of [a!, b!])
      await call(agent, endpoints.notifications.follow, { params: { username: maker.username } });
    const first = await call(agent, endpoints.notifications.followingFeed, { query: { limit: 2 } });
    expect(first.status).toBe(200);
    expect(answerOf(endpoints.notifications.followingFeed, first).map((p) => p.id)).toEqual([p3.id, p2.id]);
    const next = await call(agent, endpoints.notifications.followingFeed, { query: { limit: 2, after: p2.id } });
    expect(answerOf(endpoints.notifications.followingFeed, next).map((p) => p.id)).toEqual([p1.id]);
    expect((await callLoosely(agent, endpoints.notifications.followingFeed, { query: { after: 'abc' } })).status).toBe(
      400,
    );
    expect((await call(t.agent(), endpoints.notifications.followingFeed)).status).toBe(401);
  });
});

describe('the notification centre', () => {
  it('groups unread news of one place, lists newest first, counts unread and marks read', async () => {
    const { user, agent } = await t.member();
    const testers = await Promise.all([1, 2, 3].map(() => buildUser(t.deps.sql)));
    const groupKey = `request:grouped:${user.id}`;
    for (const tester of testers) await deliver({ recipientIds: [user.id], actorId: tester.id, groupKey });
    // The same tester again: one more piece of news, no new actor.
    await deliver({ recipientIds: [user.id], actorId: testers[2]!.id, groupKey });
    await deliver({ recipientIds: [user.id], kind: 'adminReply', url: '/messages', subject: 'Hello' });

    expect((await call(agent, endpoints.notifications.unreadCount)).body).toEqual({ count: 2 });
    const list = await call(agent, endpoints.notifications.list);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(list.body[0]).toMatchObject({ kind: 'adminReply', text: 'An admin replied to your message "Hello"' });
    expect(list.body[1]).toEqual({
      id: expect.any(Number),
      kind: 'testerJoined',
      text: `${testers[2]!.username} and 2 others joined your test request "Try my game"`,
      url: '/test-requests/1',
      createdAt: expect.any(String),
      readAt: null,
      actors: [testers[2]!, testers[1]!, testers[0]!].map((u) => ({ username: u.username })),
      count: 4,
    });

    const one = await call(agent, endpoints.notifications.markRead, { body: { ids: [list.body[1].id] } });
    expect(one.body).toEqual({ count: 1 });
    expect((await call(agent, endpoints.notifications.unreadCount)).body).toEqual({ count: 1 });
    // Read news stays as it was; the next news of that place starts a new notification.
    await deliver({ recipientIds: [user.id], actorId: testers[0]!.id, groupKey });
    expect((await call(agent, endpoints.notifications.list)).body).toHaveLength(3);
    expect((await call(agent, endpoints.notifications.markRead, { body: {} })).body).toEqual({ count: 2 });
    expect((await call(agent, endpoints.notifications.unreadCount)).body).toEqual({ count: 0 });
  });

  it("never shows or marks another member's notifications", async () => {
    const { user: owner } = await t.member();
    const [row] = await deliver({ recipientIds: [owner.id] });
    const { agent: other } = await t.member();
    expect((await call(other, endpoints.notifications.list)).body).toEqual([]);
    expect((await call(other, endpoints.notifications.markRead, { body: { ids: [row!.id] } })).body).toEqual({
      count: 0,
    });
    const [stored] = await t.deps.sql`SELECT read_at FROM notifications WHERE id = ${row!.id}`;
    expect(stored!.readAt).toBeNull();
  });

  it("hides a hidden project's news from everyone but its owner", async () => {
    const { user, agent } = await t.member();
    const project = await buildProject(t.deps.sql, { isHidden: true });
    await deliver({ recipientIds: [user.id], kind: 'newProject', projectId: project.id, groupKey: `p:${project.id}` });
    expect((await call(agent, endpoints.notifications.list)).body).toEqual([]);
    expect((await call(agent, endpoints.notifications.unreadCount)).body).toEqual({ count: 0 });
  });

  it('pages by keyset with a Link header, and refuses bad input', async () => {
    const { user, agent } = await t.member();
    for (let i = 0; i < 3; i += 1) await deliver({ recipientIds: [user.id] });
    const first = await call(agent, endpoints.notifications.list, { query: { limit: 2 } });
    expect(first.body).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link as string)![1]!;
    const second = await agent.get(next);
    expect(second.body).toHaveLength(1);
    expect(second.headers.link).toBeUndefined();
    expect((await callLoosely(agent, endpoints.notifications.list, { query: { before: 'nope' } })).status).toBe(400);
    expect((await callLoosely(agent, endpoints.notifications.markRead, { body: { ids: ['x'] } })).status).toBe(400);
    expect((await call(t.agent(), endpoints.notifications.list)).status).toBe(401);
    expect((await call(t.agent(), endpoints.notifications.unreadCount)).status).toBe(401);
  });
});

describe('mail settings and the one-click unsubscribe', () => {
  it('answers and changes the mode and the per-kind switches', async () => {
    const { agent } = await t.member({ email: 'notify@example.com', emailVerified: true });
    const before = await call(agent, endpoints.notifications.settings);
    // A new member mails every kind at once (migration 0035).
    expect(before.body).toMatchObject({ email: 'instant', emailConfirmed: true });
    expect(Object.values(before.body.kinds).every((on) => on === true)).toBe(true);
    const changed = await call(agent, endpoints.notifications.updateSettings, {
      body: { email: 'daily', kinds: { trending: false } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email: 'daily', kinds: { trending: false, comment: true } });
    const again = await call(agent, endpoints.notifications.updateSettings, { body: { kinds: { comment: false } } });
    expect(again.body).toMatchObject({ email: 'daily', kinds: { trending: false, comment: false } });
    const read = await call(agent, endpoints.notifications.settings);
    expect([read.status, read.body]).toEqual([200, again.body]);
    expect(
      (await callLoosely(agent, endpoints.notifications.updateSettings, { body: { email: 'hourly' } })).status,
    ).toBe(400);
    expect(
      (await callLoosely(agent, endpoints.notifications.updateSettings, { body: { kinds: { spam: true } } })).status,
    ).toBe(400);
    expect((await call(t.agent(), endpoints.notifications.settings)).status).toBe(401);
  });

  it('turns notification mail off from a signed token, in the body or the query (RFC 8058), without a session', async () => {
    const user = await buildUser(t.deps.sql);
    await t.deps.sql`UPDATE users SET notify_email = 'instant' WHERE id = ${user.id}`;
    const token = unsubscribeToken(user.id, t.config.sessionSecret);
    const res = await call(t.agent(), endpoints.notifications.unsubscribe, { body: { token } });
    expect([res.status, res.body]).toEqual([200, { message: UNSUBSCRIBED }]);
    const [row] = await t.deps.sql`SELECT notify_email FROM users WHERE id = ${user.id}`;
    expect(row!.notifyEmail).toBe('off');

    await t.deps.sql`UPDATE users SET notify_email = 'weekly' WHERE id = ${user.id}`;
    // A mail client's one-click POST: a form body, the token in the URL (which the contract's type does not
    // declare), no Origin and no cookie.
    const oneClick = await callLoosely(t.agent(), endpoints.notifications.unsubscribe, { query: { token } })
      .unset('Origin')
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(oneClick.status).toBe(200);
    const [after] = await t.deps.sql`SELECT notify_email FROM users WHERE id = ${user.id}`;
    expect(after!.notifyEmail).toBe('off');
  });

  it('refuses a forged, altered or missing token with 400', async () => {
    const user = await buildUser(t.deps.sql);
    const forged = unsubscribeToken(user.id, 'another-secret');
    const other = unsubscribeToken(user.id + 1, t.config.sessionSecret).split('.')[1];
    for (const token of [forged, `${user.id}.${other}`, 'abc', undefined]) {
      const res = await call(t.agent(), endpoints.notifications.unsubscribe, {
        body: token === undefined ? {} : { token },
      });
      expect([res.status, res.body]).toEqual([400, { message: BAD_UNSUBSCRIBE_TOKEN }]);
    }
  });
  it("opens the mail's link as a page that asks first (a GET changes nothing), then unsubscribes from its button", async () => {
    const user = await buildUser(t.deps.sql);
    await t.deps.sql`UPDATE users SET notify_email = 'instant' WHERE id = ${user.id}`;
    const token = encodeURIComponent(unsubscribeToken(user.id, t.config.sessionSecret));
    const notifyEmail = async () =>
      (await t.deps.sql`SELECT notify_email FROM users WHERE id = ${user.id}`)[0]!.notifyEmail as string;

    // Mails sent before the page existed link to the API's address: it redirects to the page.
    const old = await call(t.agent(), endpoints.notifications.unsubscribeLink, { query: { token } });
    expect([old.status, old.headers.location]).toEqual([302, `/unsubscribe?token=${token}`]);
    const page = await t.agent().get(`/unsubscribe?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain(UNSUBSCRIBE_CONFIRM.heading);
    expect(page.text).toContain(`<form method="post" action="/unsubscribe?token=${token}">`);
    expect(page.text).not.toContain('<script');
    // A scanner opening the links twice changes nothing.
    await t.agent().get(`/unsubscribe?token=${token}`);
    expect(await notifyEmail()).toBe('instant');

    // The button: a form POST from the page, signed out.
    const done = await t.agent().post(`/unsubscribe?token=${token}`).type('form').send('');
    expect(done.status).toBe(200);
    expect(done.text).toContain(UNSUBSCRIBED);
    expect(done.text).toContain(`href="${NOTIFICATION_SETTINGS_PATH}"`);
    expect(await notifyEmail()).toBe('off');
  });

  it('answers a bad token on the page with a page saying so (400), changing nothing', async () => {
    const user = await buildUser(t.deps.sql);
    await t.deps.sql`UPDATE users SET notify_email = 'weekly' WHERE id = ${user.id}`;
    const forged = encodeURIComponent(unsubscribeToken(user.id, 'another-secret'));
    for (const query of [`?token=${forged}`, '?token=abc', '']) {
      const page = await t.agent().get(`/unsubscribe${query}`);
      expect(page.status).toBe(400);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.text).toContain(BAD_UNSUBSCRIBE_TOKEN);
      expect(page.text).not.toContain('<form');
      const post = await t.agent().post(`/unsubscribe${query}`).type('form').send('');
      expect(post.status).toBe(400);
      expect(post.text).toContain(BAD_UNSUBSCRIBE_TOKEN);
    }
    const [row] = await t.deps.sql`SELECT notify_email FROM users WHERE id = ${user.id}`;
    expect(row!.notifyEmail).toBe('weekly');
  });
});
