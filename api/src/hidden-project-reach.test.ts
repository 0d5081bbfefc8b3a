import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject } from '@vitrine/db/testing';
import { randomIp } from './testing';
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
    const opened = await owner.agent.post('/api/test-requests').send({
      projectId: project.id,
      title: 'Test my game',
      description: 'Play two levels and tell me what breaks.',
      skillsNeeded: ['Mobile'],
      deadline: inDays(7),
      maxTesters: 3,
    });
    expect(opened.status, opened.text).toBe(201);
    const id = opened.body.id as number;
    const joined = await t.member({ role: 'tester' });
    expect((await joined.agent.post(`/api/test-requests/${id}/testers`)).status).toBe(201);
    expect((await joined.agent.put(`/api/test-requests/${id}/feedback`).send(FEEDBACK)).status).toBe(201);
    const admin = await t.member({ isAdmin: true });
    expect(
      (await admin.agent.patch(`/api/admin/projects/${project.id}/visibility`).send({ hidden: true })).status,
    ).toBe(200);

    const other = await t.member({ role: 'tester' });
    const notFound = [
      ['visitor reads', await t.agent().get(`/api/test-requests/${id}`)],
      ['member reads', await other.agent.get(`/api/test-requests/${id}`)],
      ['joined tester reads', await joined.agent.get(`/api/test-requests/${id}`)],
      ['member joins', await other.agent.post(`/api/test-requests/${id}/testers`)],
      ['joined tester writes feedback', await joined.agent.put(`/api/test-requests/${id}/feedback`).send(FEEDBACK)],
      ['joined tester leaves', await joined.agent.delete(`/api/test-requests/${id}/testers`)],
      ["visitor reads the project's request", await t.agent().get(`/api/projects/${project.id}/test-request`)],
    ] as const;
    for (const [name, res] of notFound) {
      expect(res.status, name).toBe(404);
      expect(res.body.message, name).toMatch(/not found/);
    }
    const asOwner = await owner.agent.get(`/api/test-requests/${id}`);
    expect(asOwner.status).toBe(200);
    expect(asOwner.body.testers).toHaveLength(1);
    expect((await admin.agent.get(`/api/test-requests/${id}`)).status).toBe(200);

    // Shown again, the request is back for everyone.
    expect(
      (await admin.agent.patch(`/api/admin/projects/${project.id}/visibility`).send({ hidden: false })).status,
    ).toBe(200);
    expect((await t.agent().get(`/api/test-requests/${id}`)).status).toBe(200);
    expect((await joined.agent.put(`/api/test-requests/${id}/feedback`).send(FEEDBACK)).status).toBe(200);
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
      (await admin.agent.patch(`/api/admin/projects/${hiddenAfter.id}/visibility`).send({ hidden: true })).status,
    ).toBe(200);
    await sleep(200);
    for (const project of [hiddenBefore, hiddenAfter]) {
      const toOwner = nextEvent(ownerSocket, 'project:counts', 2000);
      const vote = await admin.agent.post(`/api/projects/${project.id}/vote`).set('X-Forwarded-For', randomIp());
      expect(vote.status).toBe(200);
      expect((await toOwner)[0].id).toBe(project.id);
    }
    await sleep(QUIET_MS);
    expect(seenByVisitor.filter((e) => e.name === 'project:counts')).toEqual([]);
    expect(seenByMember.filter((e) => e.name === 'project:counts')).toEqual([]);
  });
});
