import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { rooms } from '@vitrine/domain/events';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, callLoosely, randomIp } from '../testing';
import { accountRoom } from '@vitrine/runtime/rooms';
import { makeRealtimeTestApp, nextEvent, recordEvents, type RealtimeTestApp, type TestSocket } from './testing';

/**
 * Socket rooms follow the account: a demote, pause, delete or sign-out made through node A
 * takes the user's sockets on node B out of `admins` / `user:{id}` at once, with no reconnect.
 */

/** How long a socket is given to (not) receive something that would already have arrived. */
const QUIET_MS = 400;
/** Polls of the cluster-wide room membership before giving up, and the pause between them. */
const MEMBERSHIP_POLLS = 40;
const MEMBERSHIP_POLL_MS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let a: RealtimeTestApp;
let b: RealtimeTestApp;
beforeAll(async () => {
  const redisPrefix = `${inject('redisPrefix')}rooms-${randomBytes(3).toString('hex')}:`;
  a = await makeRealtimeTestApp({ redisPrefix });
  b = await makeRealtimeTestApp({ redisPrefix });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

/** Ids of the sockets in `room` on every node (asked through node A's adapter). */
async function inRoom(room: string): Promise<string[]> {
  return (await a.realtime.io.in(room).fetchSockets()).map((s) => s.id).sort();
}

/** Waits until `socket` is (or is not) in `room` across the cluster; fails when it never gets there. */
async function expectMembership(socket: TestSocket, room: string, member: boolean): Promise<void> {
  let ids: string[] = [];
  for (let i = 0; i < MEMBERSHIP_POLLS; i += 1) {
    ids = await inRoom(room);
    if (ids.includes(socket.id!) === member) return;
    await sleep(MEMBERSHIP_POLL_MS);
  }
  expect(ids.includes(socket.id!), `socket ${socket.id} in ${room}`).toBe(member);
}

describe('socket rooms follow the account across API nodes', () => {
  it('a demoted admin leaves the admins room: no report:created or messages:changed after it', async () => {
    const acting = await buildUser(a.deps.sql, { isAdmin: true });
    const demoted = await buildUser(a.deps.sql, { isAdmin: true });
    const colleague = await buildUser(a.deps.sql, { isAdmin: true });
    const reporter = await a.signIn(await buildUser(a.deps.sql));
    const demotedSocket = await b.connect(await b.cookieFor(demoted));
    const colleagueSocket = await b.connect(await b.cookieFor(colleague));
    const actingAgent = await a.signIn(acting);

    // Before: both admins hear of a report.
    const before = [demotedSocket, colleagueSocket].map((s) => nextEvent(s, 'report:created'));
    expect(
      (
        await call(reporter, endpoints.projects.report, {
          params: { id: (await buildProject(a.deps.sql)).id },
          body: { reason: 'spam' },
        })
      ).status,
    ).toBe(201);
    await Promise.all(before);

    const res = await call(actingAgent, endpoints.admin.setAdmin, {
      params: { userId: demoted.id },
      body: { isAdmin: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.isAdmin).toBe(false);
    const seen = recordEvents(demotedSocket);
    // Pushes after the answer travel behind the room change (same publisher connection): only the colleague hears.
    const reported = nextEvent(colleagueSocket, 'report:created');
    const contacted = nextEvent(colleagueSocket, 'messages:changed');
    expect(
      (
        await call(reporter, endpoints.projects.report, {
          params: { id: (await buildProject(a.deps.sql)).id },
          body: { reason: 'spam' },
        })
      ).status,
    ).toBe(201);
    const contact = await call(a.agent(), endpoints.messages.contact, {
      body: {
        senderName: 'Visitor',
        senderEmail: 'visitor@example.com',
        subject: 'Question',
        message: 'Hello admins, a question.',
        mode: 'platform',
      },
    }).set('X-Forwarded-For', randomIp());
    expect(contact.status).toBe(201);
    await Promise.all([reported, contacted]);
    await sleep(QUIET_MS);
    expect(seen).toEqual([]);
    expect(demotedSocket.connected).toBe(true);
    // Still a member: their own room stays, and a promotion brings `admins` back.
    await expectMembership(demotedSocket, rooms.user(demoted.id), true);
    expect(
      (await call(actingAgent, endpoints.admin.setAdmin, { params: { userId: demoted.id }, body: { isAdmin: true } }))
        .status,
    ).toBe(200);
    await expectMembership(demotedSocket, rooms.admins, true);
  });

  it('a paused member leaves their user room (no messages:changed), and comes back when unpaused', async () => {
    const admin = await a.signIn(await buildUser(a.deps.sql, { isAdmin: true }));
    const member = await buildUser(a.deps.sql);
    const socket = await b.connect(await b.cookieFor(member));
    const message = () =>
      call(admin, endpoints.admin.sendMessage, {
        body: { recipientUserId: member.id, subject: 'Hello there', message: 'A message for the member.' },
      });

    const notified = nextEvent(socket, 'messages:changed');
    expect((await message()).status).toBe(201);
    await notified;

    expect(
      (await call(admin, endpoints.admin.setPaused, { params: { userId: member.id }, body: { isPaused: true } }))
        .status,
    ).toBe(200);
    const seen = recordEvents(socket);
    expect((await message()).status).toBe(201);
    await sleep(QUIET_MS);
    expect(seen).toEqual([]);
    await expectMembership(socket, rooms.user(member.id), false);

    expect(
      (await call(admin, endpoints.admin.setPaused, { params: { userId: member.id }, body: { isPaused: false } }))
        .status,
    ).toBe(200);
    await expectMembership(socket, rooms.user(member.id), true);
    const again = nextEvent(socket, 'messages:changed');
    expect((await message()).status).toBe(201);
    await again;
  });

  it('a deleted user’s sockets leave every private room and stay connected as a visitor’s', async () => {
    const admin = await a.signIn(await buildUser(a.deps.sql, { isAdmin: true }));
    const doomed = await buildUser(a.deps.sql, { isAdmin: true });
    const socket = await b.connect(await b.cookieFor(doomed));
    await expectMembership(socket, rooms.admins, true);

    expect((await callLoosely(admin, endpoints.admin.removeUser, { params: { userId: doomed.id } })).status).toBe(204);
    for (const room of [rooms.admins, rooms.user(doomed.id), accountRoom(doomed.id)])
      await expectMembership(socket, room, false);
    expect(socket.connected).toBe(true);
  });

  it('signing out takes only that session’s sockets out of the user room', async () => {
    const member = await buildUser(a.deps.sql);
    const signedOutCookie = await a.cookieFor(member);
    const otherDeviceCookie = await a.cookieFor(member);
    const leaving = await b.connect(signedOutCookie);
    const staying = await b.connect(otherDeviceCookie);
    await expectMembership(leaving, rooms.user(member.id), true);

    const res = await call(a.agent(), endpoints.auth.logout).set('Cookie', signedOutCookie);
    expect(res.status).toBe(204);
    await expectMembership(leaving, rooms.user(member.id), false);
    await expectMembership(leaving, accountRoom(member.id), false);
    expect(await inRoom(rooms.user(member.id))).toEqual([staying.id]);

    // The other device still hears its messages.
    const admin = await a.signIn(await buildUser(a.deps.sql, { isAdmin: true }));
    const seen = recordEvents(leaving);
    const notified = nextEvent(staying, 'messages:changed');
    expect(
      (
        await call(admin, endpoints.admin.sendMessage, {
          body: { recipientUserId: member.id, subject: 'Hello there', message: 'Still signed in elsewhere.' },
        })
      ).status,
    ).toBe(201);
    await notified;
    await sleep(QUIET_MS);
    expect(seen).toEqual([]);
  });

  it('a password change takes every other session’s sockets out of the private rooms and keeps its own', async () => {
    const member = await buildUser(a.deps.sql);
    const changingCookie = await a.cookieFor(member);
    const otherDeviceCookie = await a.cookieFor(member);
    const staying = await b.connect(changingCookie);
    const leaving = await b.connect(otherDeviceCookie);
    await expectMembership(leaving, rooms.user(member.id), true);

    const res = await call(a.agent(), endpoints.users.changePassword, {
      body: {
        currentPassword: 'correct-horse-battery',
        newPassword: 'a-new-Passphrase-42',
        confirmPassword: 'a-new-Passphrase-42',
      },
    }).set('Cookie', changingCookie);
    expect(res.status, res.text).toBe(200);
    await expectMembership(leaving, rooms.user(member.id), false);
    await expectMembership(leaving, accountRoom(member.id), false);
    expect(await inRoom(rooms.user(member.id))).toEqual([staying.id]);
    // A new socket of the ended session connects as a visitor's.
    const reconnected = await b.connect(otherDeviceCookie);
    await sleep(QUIET_MS);
    expect(await inRoom(rooms.user(member.id))).not.toContain(reconnected.id);
  });
});
