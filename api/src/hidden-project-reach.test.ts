import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject } from '@vitrine/db/testing';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, randomIp } from './testing';
import { makeRealtimeTestApp, nextEvent, recordEvents, type RealtimeTestApp } from './realtime/testing';

/**
 * Hiding a project hides everything hanging from it, for everyone but its owner and admins, as the
 * project itself (docs/security.md "Hidden projects"): its test requests (read, join, feedback,
 * leave) and its live counts on sockets.
 */
const QUIET_MS = 400;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const FEEDBACK = {
  worked: 'Sign-up was quick.',
  problems: 'The chart overflows at 360 px.',
  suggestions: 'Add dark mode.',
  score: 8,
};

let t: RealtimeTestApp;
beforeAll(async () => {
  t = await makeRealtimeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('test requests of a hidden project', () => {
  it('answer 404 to visitors, members and joined testers, and stay for the owner and admins', async () => {
    const owner = await t.member({ role: 'developer' });
    const project = await buildProject(t.deps.sql, { userId: owner.user.id });
    const opened = await call(owner.agent, endpoints.testRequests.open, {
      body: {
        projectId: project.id,
        title: 'Test my game',
        description: 'Play two levels and tell me what breaks.',
        skillsNeeded: ['Mobile'],
        deadline: inDays(7),
        maxTesters: 3,
      },
    });
    expect(opened.status, opened.text).toBe(201);
    const id = opened.body.id as number;
    const joined = await t.member({ role: 'tester' });
    expect((await call(joined.agent, endpoints.testRequests.join, { params: { id } })).status).toBe(201);
    expect(
      (await call(joined.agent, endpoints.testRequests.saveFeedback, { params: { id }, body: FEEDBACK })).status,
    ).toBe(201);
    const admin = await t.member({ isAdmin: true });
    expect(
      (
        await call(admin.agent, endpoints.admin.setProjectVisibility, {
          params: { projectId: project.id },
          body: { hidden: true },
        })
      ).status,
    ).toBe(200);

    const other = await t.member({ role: 'tester' });
    const notFound = [
      ['visitor reads', await call(t.agent(), endpoints.testRequests.detail, { params: { id } })],
      ['member reads', await call(other.agent, endpoints.testRequests.detail, { params: { id } })],
      ['joined tester reads', await call(joined.agent, endpoints.testRequests.detail, { params: { id } })],
      ['member joins', await call(other.agent, endpoints.testRequests.join, { params: { id } })],
      [
        'joined tester writes feedback',
        await call(joined.agent, endpoints.testRequests.saveFeedback, { params: { id }, body: FEEDBACK }),
      ],
      ['joined tester leaves', await call(joined.agent, endpoints.testRequests.leave, { params: { id } })],
      [
        "visitor reads the project's request",
        await call(t.agent(), endpoints.testRequests.ofProject, { params: { id: project.id } }),
      ],
    ] as const;
    for (const [name, res] of notFound) {
      expect(res.status, name).toBe(404);
      expect(res.body.message, name).toMatch(/not found/);
    }
    const asOwner = await call(owner.agent, endpoints.testRequests.detail, { params: { id } });
    expect(asOwner.status).toBe(200);
    expect(asOwner.body.testers).toHaveLength(1);
    expect((await call(admin.agent, endpoints.testRequests.detail, { params: { id } })).status).toBe(200);

    // Shown again, the request is back for everyone.
    expect(
      (
        await call(admin.agent, endpoints.admin.setProjectVisibility, {
          params: { projectId: project.id },
          body: { hidden: false },
        })
      ).status,
    ).toBe(200);
    expect((await call(t.agent(), endpoints.testRequests.detail, { params: { id } })).status).toBe(200);
    expect(
      (await call(joined.agent, endpoints.testRequests.saveFeedback, { params: { id }, body: FEEDBACK })).status,
    ).toBe(200);
  });
});

describe('live counts of a hidden project', () => {
  it('reach only its owner and admins, whether it was hidden before the watch or after', async () => {
    const owner = await t.member();
    const admin = await t.member({ isAdmin: true });
    const hiddenBefore = await buildProject(t.deps.sql, { userId: owner.user.id, isHidden: true });
    const hiddenAfter = await buildProject(t.deps.sql, { userId: owner.user.id });

    const visitor = await t.connect();
    const member = await t.connect(await t.cookieFor((await t.member()).user));
    const ownerSocket = await t.connect(await t.cookieFor(owner.user));
    const seenByVisitor = recordEvents(visitor);
    const seenByMember = recordEvents(member);
    for (const socket of [visitor, member, ownerSocket])
      socket.emit('projects:watch', [hiddenBefore.id, hiddenAfter.id]);
    await sleep(200);

    expect(
      (
        await call(admin.agent, endpoints.admin.setProjectVisibility, {
          params: { projectId: hiddenAfter.id },
          body: { hidden: true },
        })
      ).status,
    ).toBe(200);
    await sleep(200);
    for (const project of [hiddenBefore, hiddenAfter]) {
      const toOwner = nextEvent(ownerSocket, 'project:counts', 2000);
      const vote = await call(admin.agent, endpoints.projects.vote, { params: { id: project.id } }).set(
        'X-Forwarded-For',
        randomIp(),
      );
      expect(vote.status).toBe(200);
      expect((await toOwner)[0].id).toBe(project.id);
    }
    await sleep(QUIET_MS);
    expect(seenByVisitor.filter((e) => e.name === 'project:counts')).toEqual([]);
    expect(seenByMember.filter((e) => e.name === 'project:counts')).toEqual([]);
  });
});
