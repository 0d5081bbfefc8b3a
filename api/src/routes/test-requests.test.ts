import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { buildProject, TEST_PASSWORD } from '@vitrine/db/testing';
import type { UserRow } from '@vitrine/db/queries/users';
import type { TestRequestDetail } from '@vitrine/domain/answers';
import { endpoints } from '@vitrine/domain/endpoints';
import type { RequestStatus } from '@vitrine/domain/test-requests';
import { answerOf, call, callLoosely, makeTestApp, randomIp, type TestApp } from '../testing';
import { ACTIVE_REQUEST_EXISTS, DEADLINE_PASSED, NOT_PROJECT_OWNER } from '../commands/test-request-creator';
import { ADMIN_MAY_ONLY_CANCEL, NOT_REQUEST_OWNER } from '../commands/test-request-updater';
import { JOIN_MESSAGES } from '../commands/tester-joiner';
import { LEAVE_MESSAGES } from '../commands/tester-leaver';
import { FEEDBACK_MESSAGES } from '../commands/feedback-saver';
import { HELPFUL_MESSAGES } from '../commands/feedback-helpful-marker';
import { USER_RATING_MESSAGES } from '../commands/user-rating-saver';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const FEEDBACK = {
  worked: 'Sign-up was quick.',
  problems: 'The chart overflows at 360 px.',
  suggestions: 'Add dark mode.',
  score: 8,
};

/** An owner (role developer) with a project and a signed-in agent. */
async function owner() {
  const m = await t.member({ role: 'developer' });
  const project = await buildProject(t.deps.sql, { userId: m.user.id, category: 'Game' });
  return { ...m, project };
}

/** Opens a request on `project` as `agent`; answers the detail. */
async function open(
  agent: TestAgent,
  projectId: number,
  extra: Record<string, unknown> = {},
): Promise<TestRequestDetail> {
  const res = await call(agent, endpoints.testRequests.open, {
    body: {
      projectId,
      title: 'Test my game',
      description: 'Play two levels and tell me what breaks.',
      skillsNeeded: ['Mobile', 'Accessibility'],
      deadline: inDays(7),
      maxTesters: 3,
      ...extra,
    },
  });
  expect(res.status, res.text).toBe(201);
  return answerOf(endpoints.testRequests.open, res);
}

/** A tester (role tester) who joined request `id`; `standing` makes an account whose ratings can count toward a tier. */
async function joinedTester(id: number, standing = false) {
  const m = await t.member({ role: 'tester', standing });
  const res = await call(m.agent, endpoints.testRequests.join, { params: { id } });
  expect(res.status, res.text).toBe(201);
  return m;
}

/** The users row's aggregates, and the same numbers computed from the rating rows. */
async function aggregates(user: UserRow) {
  const [row] = await t.deps.sql<
    { developerRating: string; developerRatingCount: number; testerRating: string; testerRatingCount: number }[]
  >`
    SELECT developer_rating, developer_rating_count, tester_rating, tester_rating_count FROM users WHERE id = ${user.id}`;
  const [rows] = await t.deps.sql<{ dev: string | null; devN: number; test: string | null; testN: number }[]>`
    SELECT round(avg(rating) FILTER (WHERE rating_type = 'developer'), 2) AS dev, count(*) FILTER (WHERE rating_type = 'developer')::int AS dev_n,
           round(avg(rating) FILTER (WHERE rating_type = 'tester'), 2) AS test, count(*) FILTER (WHERE rating_type = 'tester')::int AS test_n
    FROM user_ratings WHERE rated_user_id = ${user.id}`;
  return {
    stored: {
      developer: [Number(row!.developerRating), row!.developerRatingCount],
      tester: [Number(row!.testerRating), row!.testerRatingCount],
    },
    fromRows: { developer: [Number(rows!.dev ?? 0), rows!.devN], tester: [Number(rows!.test ?? 0), rows!.testN] },
  };
}

describe('opening a test request', () => {
  it('lets only the project owner open one, validates the fields and allows one active request per project', async () => {
    const o = await owner();
    const { agent: stranger } = await t.member();
    const bad = await callLoosely(o.agent, endpoints.testRequests.open, {
      body: { projectId: o.project.id, title: 'ab', description: 'long enough text', maxTesters: 3 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Title must be at least 3 characters');
    const tooMany = await call(o.agent, endpoints.testRequests.open, {
      body: { projectId: o.project.id, title: 'Test', description: 'long enough text', maxTesters: 51 },
    });
    expect(tooMany.body.message).toBe('Max testers must be a whole number from 1 to 50');
    const past = await call(o.agent, endpoints.testRequests.open, {
      body: {
        projectId: o.project.id,
        title: 'Test',
        description: 'long enough text',
        maxTesters: 3,
        deadline: '2020-01-01',
      },
    });
    expect([past.status, past.body.message]).toEqual([400, DEADLINE_PASSED]);
    const foreign = await call(stranger, endpoints.testRequests.open, {
      body: { projectId: o.project.id, title: 'Test', description: 'long enough text', maxTesters: 3 },
    });
    expect([foreign.status, foreign.body.message]).toEqual([403, NOT_PROJECT_OWNER]);
    expect(
      (await callLoosely(t.agent(), endpoints.testRequests.open, { body: { projectId: o.project.id } })).status,
    ).toBe(401);

    const created = await open(o.agent, o.project.id);
    expect(created).toMatchObject({
      status: 'open',
      projectId: o.project.id,
      ownerUsername: o.user.username,
      skillsNeeded: ['Mobile', 'Accessibility'],
      maxTesters: 3,
      testerCount: 0,
      feedbackCount: 0,
      viewer: { isOwner: true, joined: false, canJoin: false },
      testers: [],
      feedback: [],
    });
    const second = await call(o.agent, endpoints.testRequests.open, {
      body: { projectId: o.project.id, title: 'Again', description: 'long enough text', maxTesters: 3 },
    });
    expect([second.status, second.body.message]).toEqual([409, ACTIVE_REQUEST_EXISTS]);
    // Once it is cancelled, a new one may open.
    expect(
      (
        await call(o.agent, endpoints.testRequests.update, {
          params: { id: created.id },
          body: { status: 'cancelled' },
        })
      ).status,
    ).toBe(200);
    await open(o.agent, o.project.id);
  });
});

describe('status transitions', () => {
  it('moves open -> in_progress -> completed and refuses every other move with a 409', async () => {
    const o = await owner();
    const r = await open(o.agent, o.project.id);
    const move = (status: RequestStatus) =>
      call(o.agent, endpoints.testRequests.update, { params: { id: r.id }, body: { status } });
    for (const [status, message] of [
      ['open', 'This test request is already open'],
      ['completed', 'A test request cannot move from open to completed'],
    ] as const) {
      const res = await move(status);
      expect([res.status, res.body.message]).toEqual([409, message]);
    }
    const { agent: other } = await t.member();
    const foreign = await call(other, endpoints.testRequests.update, {
      params: { id: r.id },
      body: { status: 'in_progress' },
    });
    expect([foreign.status, foreign.body.message]).toEqual([403, NOT_REQUEST_OWNER]);
    expect((await move('in_progress')).body.status).toBe('in_progress');
    const back = await move('open');
    expect([back.status, back.body.message]).toEqual([409, 'A test request cannot move from in progress to open']);
    expect((await move('completed')).body.status).toBe('completed');
    for (const status of ['open', 'in_progress', 'cancelled', 'completed'] as const) {
      const res = await move(status);
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/completed/);
    }
    const edit = await call(o.agent, endpoints.testRequests.update, {
      params: { id: r.id },
      body: { title: 'New title' },
    });
    expect([edit.status, edit.body.message]).toEqual([
      409,
      'This test request is completed and can no longer be edited',
    ]);
  });

  it('cancels from open or in_progress, by the owner or an admin, never from cancelled', async () => {
    const o = await owner();
    const r = await open(o.agent, o.project.id);
    expect(
      (await call(o.agent, endpoints.testRequests.update, { params: { id: r.id }, body: { status: 'in_progress' } }))
        .status,
    ).toBe(200);
    const { agent: admin } = await t.member({ isAdmin: true });
    expect(
      (await call(admin, endpoints.testRequests.update, { params: { id: r.id }, body: { status: 'cancelled' } })).body
        .status,
    ).toBe('cancelled');
    const again = await call(o.agent, endpoints.testRequests.update, {
      params: { id: r.id },
      body: { status: 'in_progress' },
    });
    expect([again.status, again.body.message]).toEqual([
      409,
      'This test request is cancelled and can no longer change',
    ]);
  });

  it("refuses an admin anything but cancelling a member's request (403 with a message), and changes nothing", async () => {
    const o = await owner();
    const r = await open(o.agent, o.project.id);
    const { agent: admin } = await t.member({ isAdmin: true });
    for (const patch of [
      { title: 'Rewritten by an admin' },
      { status: 'in_progress' },
      { status: 'completed' },
      { status: 'cancelled', title: 'Rewritten by an admin' },
      { maxTesters: 10 },
      { deadline: inDays(20) },
    ] as const) {
      const res = await call(admin, endpoints.testRequests.update, { params: { id: r.id }, body: patch });
      expect([res.status, res.body.message], JSON.stringify(patch)).toEqual([403, ADMIN_MAY_ONLY_CANCEL]);
    }
    const unchanged = answerOf(
      endpoints.testRequests.detail,
      await call(o.agent, endpoints.testRequests.detail, { params: { id: r.id } }),
    );
    expect([unchanged.title, unchanged.status, unchanged.maxTesters]).toEqual([r.title, 'open', r.maxTesters]);
    // An admin's own request is theirs to edit.
    const adminOwner = await t.member({ isAdmin: true, role: 'developer' });
    const own = await open(adminOwner.agent, (await buildProject(t.deps.sql, { userId: adminOwner.user.id })).id);
    expect(
      (
        await call(adminOwner.agent, endpoints.testRequests.update, {
          params: { id: own.id },
          body: { title: 'My own new title' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('joining and leaving', () => {
  it('lets testers join up to maxTesters and leave before completion, refusing everyone else', async () => {
    const o = await owner();
    const r = await open(o.agent, o.project.id, { maxTesters: 2 });
    const { agent: developer } = await t.member({ role: 'developer' });
    const dev = await call(developer, endpoints.testRequests.join, { params: { id: r.id } });
    expect([dev.status, dev.body.message]).toEqual([403, JOIN_MESSAGES.notTester]);
    await t.deps.sql`UPDATE users SET role = 'both' WHERE id = ${o.user.id}`;
    const self = await call(o.agent, endpoints.testRequests.join, { params: { id: r.id } });
    expect([self.status, self.body.message]).toEqual([403, JOIN_MESSAGES.ownRequest]);

    const a = await joinedTester(r.id);
    const twice = await call(a.agent, endpoints.testRequests.join, { params: { id: r.id } });
    expect([twice.status, twice.body.message]).toEqual([409, JOIN_MESSAGES.alreadyJoined]);
    const b = await joinedTester(r.id);
    const { agent: c } = await t.member({ role: 'both' });
    const full = await call(c, endpoints.testRequests.join, { params: { id: r.id } });
    expect([full.status, full.body.message]).toEqual([409, JOIN_MESSAGES.full]);

    const left = await call(b.agent, endpoints.testRequests.leave, { params: { id: r.id } });
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ testerCount: 1, viewer: { joined: false, canJoin: true } });
    const notJoined = await call(b.agent, endpoints.testRequests.leave, { params: { id: r.id } });
    expect([notJoined.status, notJoined.body.message]).toEqual([409, LEAVE_MESSAGES.notJoined]);

    expect(
      (await call(o.agent, endpoints.testRequests.update, { params: { id: r.id }, body: { status: 'in_progress' } }))
        .status,
    ).toBe(200);
    const late = await call(c, endpoints.testRequests.join, { params: { id: r.id } });
    expect([late.status, late.body.message]).toEqual([409, JOIN_MESSAGES.notOpen]);
    const lower = await call(o.agent, endpoints.testRequests.update, { params: { id: r.id }, body: { maxTesters: 1 } });
    expect(lower.status).toBe(200);
    const below = await callLoosely(o.agent, endpoints.testRequests.update, {
      params: { id: r.id },
      body: { maxTesters: 0 },
    });
    expect(below.status).toBe(400);
    expect(
      (await call(o.agent, endpoints.testRequests.update, { params: { id: r.id }, body: { status: 'completed' } }))
        .status,
    ).toBe(200);
    const leaveDone = await call(a.agent, endpoints.testRequests.leave, { params: { id: r.id } });
    expect([leaveDone.status, leaveDone.body.message]).toEqual([409, LEAVE_MESSAGES.finished]);
  });

  it('closes joining when the deadline has passed', async () => {
    const o = await owner();
    const r = await open(o.agent, o.project.id);
    await t.deps.sql`UPDATE project_requests SET deadline = now() - interval '1 minute' WHERE id = ${r.id}`;
    const { agent } = await t.member({ role: 'tester' });
    const res = await call(agent, endpoints.testRequests.join, { params: { id: r.id } });
    expect([res.status, res.body.message]).toEqual([409, JOIN_MESSAGES.deadlinePassed]);
  });

  it('never passes maxTesters with 30 parallel joins', async () => {
    const o = await owner();
    const r = await open(o.agent, o.project.id, { maxTesters: 5 });
    const testers = await Promise.all(Array.from({ length: 30 }, () => t.member({ role: 'tester' })));
    const answers = await Promise.all(
      testers.map(({ agent }) => call(agent, endpoints.testRequests.join, { params: { id: r.id } })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(25);
    const [row] = await t.deps.sql<{ testerCount: number; rows: number }[]>`
      SELECT tester_count, (SELECT count(*)::int FROM test_request_testers WHERE request_id = ${r.id}) AS rows FROM project_requests WHERE id = ${r.id}`;
    expect(row).toEqual({ testerCount: 5, rows: 5 });
  });
});

describe('feedback', () => {
  it('lets joined testers write and edit feedback until completion; the owner, testers and admins read it, others see counts', async () => {
    const o = await owner();
    const r = await open(o.agent, o.project.id);
    const tester = await joinedTester(r.id);
    const { agent: outsider } = await t.member({ role: 'tester' });
    const refused = await call(outsider, endpoints.testRequests.saveFeedback, { params: { id: r.id }, body: FEEDBACK });
    expect([refused.status, refused.body.message]).toEqual([403, FEEDBACK_MESSAGES.notTester]);
    const badScore = await callLoosely(tester.agent, endpoints.testRequests.saveFeedback, {
      params: { id: r.id },
      body: { ...FEEDBACK, score: 11 },
    });
    expect([badScore.status, badScore.body.message]).toEqual([400, 'Score must be a whole number from 1 to 10']);

    const first = await call(tester.agent, endpoints.testRequests.saveFeedback, {
      params: { id: r.id },
      body: FEEDBACK,
    });
    expect(first.status).toBe(201);
    expect(first.body.myFeedback).toMatchObject({
      ...FEEDBACK,
      testerUsername: tester.user.username,
      isHelpful: false,
      helpfulCount: 0,
    });
    const edited = await call(tester.agent, endpoints.testRequests.saveFeedback, {
      params: { id: r.id },
      body: { ...FEEDBACK, score: 9 },
    });
    expect([edited.status, edited.body.feedbackCount, edited.body.myFeedback.score]).toEqual([200, 1, 9]);

    const asOwner = answerOf(
      endpoints.testRequests.detail,
      await call(o.agent, endpoints.testRequests.detail, { params: { id: r.id } }),
    );
    expect(asOwner.feedback).toHaveLength(1);
    const { agent: admin } = await t.member({ isAdmin: true });
    expect((await call(admin, endpoints.testRequests.detail, { params: { id: r.id } })).body.feedback).toHaveLength(1);
    const asOther = answerOf(
      endpoints.testRequests.detail,
      await call(outsider, endpoints.testRequests.detail, { params: { id: r.id } }),
    );
    expect([asOther.feedback, asOther.feedbackCount]).toEqual([null, 1]);
    expect((await call(t.agent(), endpoints.testRequests.detail, { params: { id: r.id } })).body.feedback).toBeNull();

    const feedbackId = asOwner.feedback![0]!.id;
    const notOwner = await call(tester.agent, endpoints.testRequests.markHelpful, { params: { id: feedbackId } });
    expect([notOwner.status, notOwner.body.message]).toEqual([403, HELPFUL_MESSAGES.notOwner]);
    const helpful = await call(o.agent, endpoints.testRequests.markHelpful, { params: { id: feedbackId } });
    expect([helpful.status, helpful.body]).toEqual([200, { helpfulCount: 1 }]);
    const again = await call(o.agent, endpoints.testRequests.markHelpful, { params: { id: feedbackId } });
    expect([again.status, again.body.message]).toEqual([409, HELPFUL_MESSAGES.already]);
    const profile = await call(t.agent(), endpoints.users.profile, { params: { username: tester.user.username } });
    expect(profile.body.user.activityPoints).toBe(5);

    await call(o.agent, endpoints.testRequests.update, { params: { id: r.id }, body: { status: 'in_progress' } });
    await call(o.agent, endpoints.testRequests.update, { params: { id: r.id }, body: { status: 'completed' } });
    const closed = await call(tester.agent, endpoints.testRequests.saveFeedback, {
      params: { id: r.id },
      body: FEEDBACK,
    });
    expect([closed.status, closed.body.message]).toEqual([409, FEEDBACK_MESSAGES.closed]);
  });
});

describe('mutual ratings', () => {
  it('lets the owner and testers of a completed request rate each other once per pair, keeping the aggregates equal to the rows', async () => {
    const o = await owner();
    const r = await open(o.agent, o.project.id);
    const testers = [await joinedTester(r.id), await joinedTester(r.id)];
    const [a, b] = testers as [(typeof testers)[0], (typeof testers)[0]];
    const early = await call(o.agent, endpoints.testRequests.rate, {
      params: { id: r.id },
      body: { ratedUserId: a.user.id, rating: 9 },
    });
    expect([early.status, early.body.message]).toEqual([409, USER_RATING_MESSAGES.notCompleted]);
    await call(o.agent, endpoints.testRequests.update, { params: { id: r.id }, body: { status: 'in_progress' } });
    await call(o.agent, endpoints.testRequests.update, { params: { id: r.id }, body: { status: 'completed' } });

    const self = await call(o.agent, endpoints.testRequests.rate, {
      params: { id: r.id },
      body: { ratedUserId: o.user.id, rating: 10 },
    });
    expect([self.status, self.body.message]).toEqual([400, USER_RATING_MESSAGES.self]);
    const peers = await call(a.agent, endpoints.testRequests.rate, {
      params: { id: r.id },
      body: { ratedUserId: b.user.id, rating: 10 },
    });
    expect([peers.status, peers.body.message]).toEqual([403, USER_RATING_MESSAGES.notParticipants]);
    const { agent: outsider } = await t.member();
    const outside = await call(outsider, endpoints.testRequests.rate, {
      params: { id: r.id },
      body: { ratedUserId: o.user.id, rating: 10 },
    });
    expect([outside.status, outside.body.message]).toEqual([403, USER_RATING_MESSAGES.notParticipants]);
    const range = await callLoosely(a.agent, endpoints.testRequests.rate, {
      params: { id: r.id },
      body: { ratedUserId: o.user.id, rating: 0 },
    });
    expect([range.status, range.body.message]).toEqual([400, 'Rating must be a whole number from 1 to 10']);

    const toA = await call(o.agent, endpoints.testRequests.rate, {
      params: { id: r.id },
      body: { ratedUserId: a.user.id, rating: 9, feedback: 'Thorough.' },
    });
    expect([toA.status, toA.body.updated, toA.body.rating.rating]).toEqual([201, false, 9]);
    expect(
      (
        await call(o.agent, endpoints.testRequests.rate, {
          params: { id: r.id },
          body: { ratedUserId: b.user.id, rating: 6 },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call(a.agent, endpoints.testRequests.rate, {
          params: { id: r.id },
          body: { ratedUserId: o.user.id, rating: 10 },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call(b.agent, endpoints.testRequests.rate, {
          params: { id: r.id },
          body: { ratedUserId: o.user.id, rating: 7 },
        })
      ).status,
    ).toBe(201);
    const edit = await call(b.agent, endpoints.testRequests.rate, {
      params: { id: r.id },
      body: { ratedUserId: o.user.id, rating: 8 },
    });
    expect([edit.status, edit.body.updated]).toEqual([200, true]);

    for (const user of [o.user, a.user, b.user]) {
      const { stored, fromRows } = await aggregates(user);
      expect(stored).toEqual(fromRows);
    }
    expect((await aggregates(o.user)).stored.developer).toEqual([9, 2]);
    expect((await aggregates(a.user)).stored.tester).toEqual([9, 1]);

    const listed = await call(t.agent(), endpoints.userRatings.ofUser, { params: { username: o.user.username } });
    expect(listed.body).toMatchObject({
      developerRating: 9,
      developerRatingCount: 2,
      developerTier: null,
      testerRatingCount: 0,
    });
    expect(listed.body.ratings).toHaveLength(2);
    expect(listed.body.ratings[0]).toMatchObject({
      ratingType: 'developer',
      requestId: r.id,
      requestTitle: 'Test my game',
    });

    // Past the 7-day window a rating no longer changes.
    await t.deps
      .sql`UPDATE user_ratings SET created_at = now() - interval '8 days' WHERE request_id = ${r.id} AND rater_user_id = ${a.user.id}`;
    const stale = await call(a.agent, endpoints.testRequests.rate, {
      params: { id: r.id },
      body: { ratedUserId: o.user.id, rating: 1 },
    });
    expect([stale.status, stale.body.message]).toEqual([409, USER_RATING_MESSAGES.editWindow]);

    // The database refuses a self-rating and a second row for the same pair, whatever the code does.
    await expect(
      t.deps
        .sql`INSERT INTO user_ratings (request_id, rater_user_id, rated_user_id, rating, rating_type) VALUES (${r.id}, ${a.user.id}, ${a.user.id}, 5, 'tester')`,
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      t.deps
        .sql`INSERT INTO user_ratings (request_id, rater_user_id, rated_user_id, rating, rating_type) VALUES (${r.id}, ${a.user.id}, ${o.user.id}, 5, 'developer')`,
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('gives a tier after the third rating, and an admin removing a rating recomputes the aggregates', async () => {
    const o = await owner();
    const scores = [9, 9, 10];
    for (const [i, score] of scores.entries()) {
      const project = await buildProject(t.deps.sql, { userId: o.user.id });
      const r = await open(o.agent, project.id);
      // Testers with standing, each from a network of their own: their ratings count toward the tier.
      const tester = await joinedTester(r.id, true);
      await call(o.agent, endpoints.testRequests.update, { params: { id: r.id }, body: { status: 'in_progress' } });
      await call(o.agent, endpoints.testRequests.update, { params: { id: r.id }, body: { status: 'completed' } });
      const rated = await call(tester.agent, endpoints.testRequests.rate, {
        params: { id: r.id },
        body: { ratedUserId: o.user.id, rating: score },
      }).set('X-Forwarded-For', randomIp());
      expect(rated.status).toBe(201);
      const me = answerOf(endpoints.auth.me, await call(o.agent, endpoints.auth.me));
      expect(me.developerTier).toBe(i === scores.length - 1 ? 'Gold' : null);
    }
    const ratings = answerOf(
      endpoints.userRatings.ofUser,
      await call(t.agent(), endpoints.userRatings.ofUser, { params: { username: o.user.username } }),
    );
    expect([ratings.developerRating, ratings.developerRatingCount, ratings.developerTier]).toEqual([9.33, 3, 'Gold']);
    const profile = answerOf(
      endpoints.users.profile,
      await call(t.agent(), endpoints.users.profile, { params: { username: o.user.username } }),
    );
    expect(profile.user).toMatchObject({ developerTier: 'Gold', developerRatingCount: 3, developerTierCount: 3 });
    expect(profile.requests).toHaveLength(3);
    // Project cards and pages carry the author's developer tier.
    const [first] = profile.projects as Array<{ id: number }>;
    expect((await call(t.agent(), endpoints.projects.detail, { params: { id: first!.id } })).body.ownerTier).toBe(
      'Gold',
    );
    const listed = (await call(t.agent(), endpoints.projects.latest, { query: { limit: 100 } })).body as Array<{
      userId: number;
      ownerTier: string | null;
    }>;
    expect(listed.filter((p) => p.userId === o.user.id).map((p) => p.ownerTier)).toEqual([
      'Gold',
      'Gold',
      'Gold',
      'Gold',
    ]);

    const { agent: admin } = await t.member({ isAdmin: true });
    const ten = ratings.ratings.find((x) => x.rating === 10)!;
    expect(
      (await call(o.agent, endpoints.adminTestRequests.removeUserRating, { params: { id: ten.id }, body: {} })).status,
    ).toBe(403);
    expect(
      (await call(admin, endpoints.adminTestRequests.removeUserRating, { params: { id: ten.id }, body: {} })).status,
    ).toBe(204);
    expect(
      (await call(admin, endpoints.adminTestRequests.removeUserRating, { params: { id: ten.id }, body: {} })).status,
    ).toBe(404);
    const after = answerOf(
      endpoints.userRatings.ofUser,
      await call(t.agent(), endpoints.userRatings.ofUser, { params: { username: o.user.username } }),
    );
    expect([after.developerRating, after.developerRatingCount, after.developerTierCount, after.developerTier]).toEqual([
      9,
      2,
      2,
      null,
    ]);
    expect((await call(t.agent(), endpoints.projects.detail, { params: { id: first!.id } })).body.ownerTier).toBe(null);
    const { stored, fromRows } = await aggregates(o.user);
    expect(stored).toEqual(fromRows);
  });
});

describe('tier farming', () => {
  /** Opens, fills with `testers` and completes a request on a new project of `o`; each tester rates the owner 10 from the address `ipOf(i)`. */
  async function completedAndRated(
    o: Awaited<ReturnType<typeof owner>>,
    testers: Array<Awaited<ReturnType<typeof t.member>>>,
    ipOf: (i: number) => string,
  ) {
    const project = await buildProject(t.deps.sql, { userId: o.user.id });
    const r = await open(o.agent, project.id);
    for (const tester of testers)
      expect((await call(tester.agent, endpoints.testRequests.join, { params: { id: r.id } })).status).toBe(201);
    await call(o.agent, endpoints.testRequests.update, { params: { id: r.id }, body: { status: 'in_progress' } });
    await call(o.agent, endpoints.testRequests.update, { params: { id: r.id }, body: { status: 'completed' } });
    for (const [i, tester] of testers.entries()) {
      const res = await call(tester.agent, endpoints.testRequests.rate, {
        params: { id: r.id },
        body: { ratedUserId: o.user.id, rating: 10 },
      }).set('X-Forwarded-For', ipOf(i));
      expect(res.status, res.text).toBe(201);
    }
  }
  const members = (n: number, standing: boolean) =>
    Promise.all(Array.from({ length: n }, () => t.member({ role: 'tester', standing })));

  it('gives no tier for three 10s from accounts made seconds earlier; the profile says none of them counts', async () => {
    const o = await owner();
    await completedAndRated(o, await members(3, false), () => randomIp());
    const ratings = answerOf(
      endpoints.userRatings.ofUser,
      await call(t.agent(), endpoints.userRatings.ofUser, { params: { username: o.user.username } }),
    );
    expect(ratings).toMatchObject({
      developerRating: 10,
      developerRatingCount: 3,
      developerTierCount: 0,
      developerTier: null,
    });
    expect(
      (await call(t.agent(), endpoints.users.profile, { params: { username: o.user.username } })).body.user,
    ).toMatchObject({
      developerTierCount: 0,
      developerTier: null,
    });
    expect((await call(t.agent(), endpoints.projects.detail, { params: { id: o.project.id } })).body.ownerTier).toBe(
      null,
    );
    expect((await call(o.agent, endpoints.auth.me)).body.developerTier).toBe(null);
  });

  it('counts raters with standing from one /24 (or one IPv6 /48) once: no tier from one network', async () => {
    const o = await owner();
    const net = randomIp().split('.').slice(0, 3).join('.');
    await completedAndRated(o, await members(3, true), (i) => `${net}.${i + 10}`);
    const v6 = await owner();
    await completedAndRated(v6, await members(3, true), (i) => `2001:db8:42:${i + 1}::7`);
    for (const who of [o, v6]) {
      const ratings = answerOf(
        endpoints.userRatings.ofUser,
        await call(t.agent(), endpoints.userRatings.ofUser, { params: { username: who.user.username } }),
      );
      expect(ratings).toMatchObject({ developerRatingCount: 3, developerTierCount: 1, developerTier: null });
    }
  });

  it('gives the tier once three raters with standing on distinct networks rated; the fresh ones still do not count', async () => {
    const o = await owner();
    await completedAndRated(o, await members(2, false), () => randomIp());
    await completedAndRated(o, await members(3, true), () => randomIp());
    const ratings = answerOf(
      endpoints.userRatings.ofUser,
      await call(t.agent(), endpoints.userRatings.ofUser, { params: { username: o.user.username } }),
    );
    expect(ratings).toMatchObject({ developerRatingCount: 5, developerTierCount: 3, developerTier: 'Platinum' });
    expect((await call(t.agent(), endpoints.projects.detail, { params: { id: o.project.id } })).body.ownerTier).toBe(
      'Platinum',
    );
  });
});

describe("tiers follow the raters' standing", () => {
  /** An owner rated 10 by three raters with standing on distinct networks (Platinum), and an admin. */
  async function platinum() {
    const o = await owner();
    const raters = await Promise.all(Array.from({ length: 3 }, () => t.member({ role: 'tester', standing: true })));
    const project = await buildProject(t.deps.sql, { userId: o.user.id });
    const r = await open(o.agent, project.id);
    for (const rater of raters)
      expect((await call(rater.agent, endpoints.testRequests.join, { params: { id: r.id } })).status).toBe(201);
    await call(o.agent, endpoints.testRequests.update, { params: { id: r.id }, body: { status: 'in_progress' } });
    await call(o.agent, endpoints.testRequests.update, { params: { id: r.id }, body: { status: 'completed' } });
    for (const rater of raters) {
      const res = await call(rater.agent, endpoints.testRequests.rate, {
        params: { id: r.id },
        body: { ratedUserId: o.user.id, rating: 10 },
      }).set('X-Forwarded-For', randomIp());
      expect(res.status, res.text).toBe(201);
    }
    const admin = await t.member({ isAdmin: true });
    expect(await tierOf(o)).toEqual({ developerTierCount: 3, developerTier: 'Platinum', ownerTier: 'Platinum' });
    return { o, raters, admin };
  }
  /** The owner's tier as the profile's ratings and their project's page show it. */
  async function tierOf(o: Awaited<ReturnType<typeof owner>>) {
    const ratings = answerOf(
      endpoints.userRatings.ofUser,
      await call(t.agent(), endpoints.userRatings.ofUser, { params: { username: o.user.username } }),
    );
    const page = (await call(t.agent(), endpoints.projects.detail, { params: { id: o.project.id } })).body;
    return {
      developerTierCount: ratings.developerTierCount,
      developerTier: ratings.developerTier,
      ownerTier: page.ownerTier,
    };
  }
  const lost = { developerTierCount: 2, developerTier: null, ownerTier: null };
  const tiersRefreshed = (userId: number) =>
    t.deps
      .sql`SELECT 1 FROM events WHERE name = 'userRating.tiersRefreshed' AND payload->'ratedUserIds' @> ${[userId]}::jsonb`;

  it("an admin's pause takes a rater's rating out of the tier, an unpause puts it back", async () => {
    const { o, raters, admin } = await platinum();
    const pause = (isPaused: boolean) =>
      call(admin.agent, endpoints.admin.setPaused, {
        params: { userId: raters[1]!.user.id },
        body: { isPaused, reason: 'Rating ring' },
      });
    expect((await pause(true)).status).toBe(200);
    expect(await tierOf(o)).toEqual(lost);
    expect(await tiersRefreshed(o.user.id)).toHaveLength(1);
    expect((await pause(false)).status).toBe(200);
    expect(await tierOf(o)).toEqual({ developerTierCount: 3, developerTier: 'Platinum', ownerTier: 'Platinum' });
  });

  it("an admin's delete of a rater takes their rating out of the tier", async () => {
    const { o, raters, admin } = await platinum();
    expect(
      (await call(admin.agent, endpoints.admin.removeUser, { params: { userId: raters[0]!.user.id }, body: {} }))
        .status,
    ).toBe(204);
    expect(await tierOf(o)).toEqual(lost);
  });

  it('a rater deleting their own account takes their rating out of the tier', async () => {
    const { o, raters } = await platinum();
    expect(
      (await call(raters[2]!.agent, endpoints.users.deleteAccount, { body: { password: TEST_PASSWORD } })).status,
    ).toBe(204);
    expect(await tierOf(o)).toEqual(lost);
  });

  it("a confirmed ring's accounts stop counting toward the tiers they rated", async () => {
    const { o, raters, admin } = await platinum();
    const [cluster] = await t.deps.sql<{ id: number }[]>`
      INSERT INTO integrity_clusters (signal, fingerprint, evidence)
      VALUES ('sameVotes', ${`tiers:${raters[0]!.user.id}`}, ${t.deps.sql.json({
        summary: 'Accounts voting together',
        networks: [],
        accountIds: [raters[0]!.user.id],
        voteIds: [],
      })}) RETURNING id`;
    const res = await call(admin.agent, endpoints.integrity.decideCluster, {
      params: { id: cluster!.id },
      body: { status: 'confirmed', reason: 'Bought votes' },
    });
    expect(res.status, res.text).toBe(200);
    expect(await tierOf(o)).toEqual(lost);
  });
});

describe('lists, admin tab and settings', () => {
  it('filters open requests by skill and category and sorts by deadline or newest', async () => {
    const skill = `Skill${Date.now().toString(36)}`;
    const o1 = await owner();
    const o2 = await owner();
    const late = await open(o1.agent, o1.project.id, { skillsNeeded: [skill], deadline: inDays(20) });
    const soon = await open(o2.agent, o2.project.id, { skillsNeeded: [skill.toLowerCase()], deadline: inDays(2) });
    const bySkill = await call(t.agent(), endpoints.testRequests.list, {
      query: { skill: skill.toUpperCase(), sort: 'deadline' },
    });
    expect(answerOf(endpoints.testRequests.list, bySkill).map((r) => r.id)).toEqual([soon.id, late.id]);
    const newest = await call(t.agent(), endpoints.testRequests.list, { query: { skill, sort: 'newest', limit: 1 } });
    expect(answerOf(endpoints.testRequests.list, newest).map((r) => r.id)).toEqual([soon.id]);
    const page2 = await call(t.agent(), endpoints.testRequests.list, {
      query: { skill, sort: 'newest', limit: 1, offset: 1 },
    });
    expect(answerOf(endpoints.testRequests.list, page2).map((r) => r.id)).toEqual([late.id]);
    expect(
      (await call(t.agent(), endpoints.testRequests.list, { query: { skill, category: 'Utility' } })).body,
    ).toEqual([]);
    expect(
      (await call(t.agent(), endpoints.testRequests.list, { query: { skill, category: 'Game' } })).body,
    ).toHaveLength(2);
    expect((await callLoosely(t.agent(), endpoints.testRequests.list, { query: { sort: 'oldest' } })).status).toBe(400);
    const projectRequest = await call(t.agent(), endpoints.testRequests.ofProject, { params: { id: o1.project.id } });
    expect(projectRequest.body.request).toMatchObject({ id: late.id, status: 'open' });

    const { agent: admin } = await t.member({ isAdmin: true });
    const found = await call(admin, endpoints.adminTestRequests.list, { query: { q: o2.user.username } });
    expect(answerOf(endpoints.adminTestRequests.list, found).map((r) => r.id)).toEqual([soon.id]);
    expect((await call(o1.agent, endpoints.adminTestRequests.list)).status).toBe(403);
    expect(
      (
        await call(admin, endpoints.adminTestRequests.setVisibility, {
          params: { id: soon.id },
          body: { hidden: true },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(t.agent(), endpoints.testRequests.list, { query: { skill } })).body.map((r: { id: number }) => r.id),
    ).toEqual([late.id]);
    expect((await call(t.agent(), endpoints.testRequests.detail, { params: { id: soon.id } })).status).toBe(404);
    expect((await call(o2.agent, endpoints.testRequests.detail, { params: { id: soon.id } })).status).toBe(200);
  });

  it('changes role, bio and email through PATCH /api/users/me', async () => {
    const { user, agent } = await t.member({ role: 'developer' });
    const res = await call(agent, endpoints.userRatings.updateSettings, {
      body: { role: 'tester', bio: 'I test games.', email: 'me@example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      role: 'tester',
      bio: 'I test games.',
      email: 'me@example.com',
    });
    expect(res.body).not.toHaveProperty('emailNotices');
    const bad = await callLoosely(agent, endpoints.userRatings.updateSettings, { body: { email: 'nope' } });
    expect([bad.status, bad.body.message]).toEqual([400, 'Invalid email format']);
    const long = await callLoosely(agent, endpoints.userRatings.updateSettings, { body: { bio: 'x'.repeat(501) } });
    expect(long.body.message).toBe('Bio must be 500 characters or less');
    expect((await call(agent, endpoints.userRatings.updateSettings, { body: {} })).body.message).toBe(
      'Nothing to change',
    );
    // Which news is mailed is the notification settings' (PATCH /api/users/me/notifications).
    expect(
      (await callLoosely(agent, endpoints.userRatings.updateSettings, { body: { emailNotices: false } })).body.message,
    ).toBe('Nothing to change');
    expect((await call(t.agent(), endpoints.userRatings.updateSettings, { body: { role: 'tester' } })).status).toBe(
      401,
    );
    const cleared = await call(agent, endpoints.userRatings.updateSettings, { body: { email: '' } });
    expect(cleared.body.email).toBeNull();
  });
});
