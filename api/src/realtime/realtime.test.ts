import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import { io as connectClient } from 'socket.io-client';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, randomIp } from '../testing';
import { makeRealtimeTestApp, nextEvent, recordEvents, type RealtimeTestApp } from './testing';

/** How long a socket is given to (not) receive something that would already have arrived. */
const QUIET_MS = 400;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Two API nodes of one deployment: same database, same Redis prefix, their own HTTP servers.
let a: RealtimeTestApp;
let b: RealtimeTestApp;
beforeAll(async () => {
  const redisPrefix = `${inject('redisPrefix')}rt-${randomBytes(3).toString('hex')}:`;
  a = await makeRealtimeTestApp({ redisPrefix });
  b = await makeRealtimeTestApp({ redisPrefix });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('live counts across API nodes', () => {
  it('a vote through node A reaches a socket on node B within a second', async () => {
    const project = await buildProject(a.deps.sql);
    const socket = await b.connect();
    socket.emit('projects:watch', [project.id]);
    await sleep(50);
    const started = Date.now();
    const pushed = nextEvent(socket, 'project:counts', 1000);
    const res = await call(a.agent(), endpoints.projects.vote, { params: { id: project.id } }).set(
      'X-Forwarded-For',
      randomIp(),
    );
    expect(res.status).toBe(200);
    const [counts] = await pushed;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(counts).toEqual({ id: project.id, votes: 1, averageRating: 0, totalRatings: 0 });
  });

  it('only sockets watching the project get its counts, and watching replaces the previous set', async () => {
    const first = await buildProject(a.deps.sql);
    const second = await buildProject(a.deps.sql);
    const socket = await b.connect();
    const seen = recordEvents(socket);
    socket.emit('projects:watch', [first.id]);
    socket.emit('projects:watch', [second.id]);
    await sleep(50);
    await call(a.agent(), endpoints.projects.vote, { params: { id: first.id } }).set('X-Forwarded-For', randomIp());
    const pushed = nextEvent(socket, 'project:counts');
    await call(a.agent(), endpoints.projects.vote, { params: { id: second.id } }).set('X-Forwarded-For', randomIp());
    expect((await pushed)[0].id).toBe(second.id);
    await sleep(QUIET_MS);
    expect(seen.filter((e) => e.name === 'project:counts').map((e) => (e.args[0] as { id: number }).id)).toEqual([
      second.id,
    ]);
  });
});

describe('live follower counts', () => {
  it("a socket watching a profile (any visitor's, on any node) gets its count on a follow and an unfollow; others do not", async () => {
    const maker = await buildUser(a.deps.sql);
    const other = await buildUser(a.deps.sql);
    const fan = await buildUser(a.deps.sql);
    const watcher = await b.connect();
    // The name in any letter case, as a profile's URL may spell it.
    watcher.emit('profile:watch', maker.username.toUpperCase());
    const elsewhere = await a.connect();
    elsewhere.emit('profile:watch', other.username);
    const moved = await b.connect();
    moved.emit('profile:watch', maker.username);
    moved.emit('profile:watch', other.username);
    const stopped = await a.connect();
    stopped.emit('profile:watch', maker.username);
    stopped.emit('profile:watch', null);
    const unknown = await b.connect();
    unknown.emit('profile:watch', maker.username);
    unknown.emit('profile:watch', 'nobody-by-this-name');
    const notWatching = await b.connect();
    const quiet = [elsewhere, moved, stopped, unknown, notWatching].map(recordEvents);
    await sleep(100);

    const agent = await a.signIn(fan);
    const followed = nextEvent(watcher, 'user:followers');
    expect((await call(agent, endpoints.notifications.follow, { params: { username: maker.username } })).body).toEqual({
      following: true,
      followers: 1,
    });
    expect((await followed)[0]).toEqual({ username: maker.username, followers: 1 });
    const unfollowed = nextEvent(watcher, 'user:followers');
    expect(
      (await call(agent, endpoints.notifications.unfollow, { params: { username: maker.username } })).body,
    ).toEqual({
      following: false,
      followers: 0,
    });
    expect((await unfollowed)[0]).toEqual({ username: maker.username, followers: 0 });

    await sleep(QUIET_MS);
    for (const seen of quiet) expect(seen).toEqual([]);
  });

  it('a repeat follow or unfollow pushes nothing, and a malformed watch keeps the profile watched', async () => {
    const maker = await buildUser(a.deps.sql);
    const fan = await buildUser(a.deps.sql);
    const watcher = await b.connect();
    const seen = recordEvents(watcher);
    watcher.emit('profile:watch', maker.username);
    for (const junk of [42, ['x'], { username: maker.username }, 'no spaces allowed', '']) {
      watcher.emit('profile:watch', junk as unknown as string);
    }
    await sleep(100);
    const agent = await a.signIn(fan);
    expect((await call(agent, endpoints.notifications.unfollow, { params: { username: maker.username } })).status).toBe(
      200,
    );
    const followed = nextEvent(watcher, 'user:followers');
    expect((await call(agent, endpoints.notifications.follow, { params: { username: maker.username } })).status).toBe(
      200,
    );
    await followed;
    expect((await call(agent, endpoints.notifications.follow, { params: { username: maker.username } })).status).toBe(
      200,
    );
    await sleep(QUIET_MS);
    expect(seen).toEqual([{ name: 'user:followers', args: [{ username: maker.username, followers: 1 }] }]);
  });
});

describe('private rooms', () => {
  it('a visitor socket receives no admin or user-room event', async () => {
    const admin = await buildUser(a.deps.sql, { isAdmin: true });
    const member = await buildUser(a.deps.sql);
    const project = await buildProject(a.deps.sql);
    const visitor = await b.connect();
    const visitorSeen = recordEvents(visitor);
    // A client may only ask for project rooms: private room names are ignored.
    visitor.emit('projects:watch', [`user:${member.id}`, 'admins', -1, 1.5] as unknown as number[]);
    const adminSocket = await b.connect(await a.cookieFor(admin));
    const memberSocket = await a.connect(await a.cookieFor(member));

    const reported = nextEvent(adminSocket, 'report:created');
    const memberAgent = await a.signIn(member);
    const report = await call(memberAgent, endpoints.projects.report, {
      params: { id: project.id },
      body: { reason: 'spam' },
    });
    expect(report.status).toBeLessThan(300);
    expect((await reported)[0]).toEqual({ id: expect.any(Number), projectId: project.id, projectTitle: project.title });

    const memberNotified = nextEvent(memberSocket, 'messages:changed');
    const adminNotified = nextEvent(adminSocket, 'messages:changed');
    const adminAgent = await a.signIn(admin);
    const sent = await call(adminAgent, endpoints.messages.send, {
      body: { recipientUserId: member.id, subject: 'Hello there', message: 'A message for the member only.' },
    });
    expect(sent.status).toBe(201);
    await Promise.all([memberNotified, adminNotified]);

    await sleep(QUIET_MS);
    expect(visitorSeen).toEqual([]);
  });

  it('a message to a user reaches only that user’s sockets (on every node) and the admins’', async () => {
    const admin = await buildUser(a.deps.sql, { isAdmin: true });
    const sender = await buildUser(a.deps.sql);
    const recipient = await buildUser(a.deps.sql);
    const bystander = await buildUser(a.deps.sql);
    const recipientCookie = await a.cookieFor(recipient);
    const recipientOnA = await a.connect(recipientCookie);
    const recipientOnB = await b.connect(recipientCookie);
    const adminSocket = await b.connect(await b.cookieFor(admin));
    const senderSocket = await a.connect(await a.cookieFor(sender));
    const bystanderSocket = await b.connect(await b.cookieFor(bystander));
    const visitor = await a.connect();
    const quiet = [senderSocket, bystanderSocket, visitor].map(recordEvents);

    const expected = [recipientOnA, recipientOnB, adminSocket].map((s) => nextEvent(s, 'messages:changed'));
    const res = await call(await a.signIn(sender), endpoints.messages.send, {
      body: { recipientUserId: recipient.id, subject: 'Hi you', message: 'Only for the recipient.' },
    });
    expect(res.status).toBe(201);
    await Promise.all(expected);
    await sleep(QUIET_MS);
    for (const seen of quiet) expect(seen).toEqual([]);
  });

  it('a contact message to the admins reaches the admins only', async () => {
    const admin = await buildUser(a.deps.sql, { isAdmin: true });
    const member = await buildUser(a.deps.sql);
    const adminSocket = await a.connect(await a.cookieFor(admin));
    const memberSocket = await b.connect(await b.cookieFor(member));
    const memberSeen = recordEvents(memberSocket);
    const notified = nextEvent(adminSocket, 'messages:changed');
    const res = await call(b.agent(), endpoints.messages.contact, {
      body: {
        senderName: 'Visitor',
        senderEmail: 'visitor@example.com',
        subject: 'Question',
        message: 'Hello admins, a question.',
        mode: 'platform',
      },
    }).set('X-Forwarded-For', randomIp());
    expect(res.status).toBeLessThan(300);
    await notified;
    await sleep(QUIET_MS);
    expect(memberSeen).toEqual([]);
  });
});

describe('handshake', () => {
  it('refuses a handshake from another site', async () => {
    const socket = connectClient(a.origin, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { Origin: 'https://evil.example' },
    });
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(error).toBeInstanceOf(Error);
    expect(socket.connected).toBe(false);
    socket.disconnect();
  });

  it('treats a forged or stale cookie as a visitor', async () => {
    const member = await buildUser(a.deps.sql);
    const cookie = await a.cookieFor(member);
    const forged = cookie.replace(/vitrine\.sid=[^;]+/, 'vitrine.sid=forged-session-id');
    const socket = await b.connect(forged);
    const seen = recordEvents(socket);
    await call(await a.signIn(member), endpoints.messages.send, {
      body: { recipientUserId: member.id, subject: 'To myself', message: 'Refused anyway, maybe.' },
    });
    const admin = await buildUser(a.deps.sql, { isAdmin: true });
    await call(await a.signIn(admin), endpoints.messages.send, {
      body: { recipientUserId: member.id, subject: 'Hello there', message: 'For the member, not the forger.' },
    });
    await sleep(QUIET_MS);
    expect(seen).toEqual([]);
  });
});
