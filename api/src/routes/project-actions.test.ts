import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser } from '@vitrine/db/testing';
import type TestAgent from 'supertest/lib/agent';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, callLoosely, makeTestApp, randomIp, type TestApp } from '../testing';
import { ALREADY_VOTED } from '../commands/vote-caster';
import { ALREADY_REPORTED } from '../commands/report-creator';
import { RATE_LOGIN_REQUIRED, REPORT_LOGIN_REQUIRED } from './projects';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Events recorded for a project, oldest first. */
async function eventsOf(projectId: number) {
  return t.deps.sql<{ name: string; payload: Record<string, unknown> }[]>`
    SELECT name, payload FROM events WHERE (payload->>'projectId')::int = ${projectId} ORDER BY id`;
}
/** The project's counters and the rows they count. */
async function counters(projectId: number) {
  const [row] = await t.deps.sql<
    {
      votes: number;
      voteRows: number;
      views: number;
      totalRatings: number;
      averageRating: string;
      ratingRows: number;
      reportCount: number;
      reportRows: number;
      isHidden: boolean;
    }[]
  >`
    SELECT votes, views, total_ratings, average_rating, report_count, is_hidden,
           (SELECT count(*)::int FROM votes WHERE project_id = p.id) AS vote_rows,
           (SELECT count(*)::int FROM ratings WHERE project_id = p.id) AS rating_rows,
           (SELECT count(*)::int FROM reports WHERE project_id = p.id) AS report_rows
    FROM projects p WHERE id = ${projectId}`;
  return row!;
}

describe('POST /api/projects/{id}/vote', () => {
  it('lets a visitor vote once per IP and answers the updated project; a repeat is 409', async () => {
    const project = await buildProject(t.deps.sql);
    const ip = randomIp();
    const res = await call(t.agent(), endpoints.projects.vote, { params: { id: project.id } }).set(
      'X-Forwarded-For',
      ip,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: project.id, votes: 1, hasVoted: true });
    const again = await call(t.agent(), endpoints.projects.vote, { params: { id: project.id } }).set(
      'X-Forwarded-For',
      ip,
    );
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: ALREADY_VOTED });
    expect(
      (
        await call(t.agent(), endpoints.projects.vote, { params: { id: project.id } }).set(
          'X-Forwarded-For',
          randomIp(),
        )
      ).body.votes,
    ).toBe(2);
    expect(await eventsOf(project.id)).toEqual([
      { name: 'vote.created', payload: { projectId: project.id, votes: 1, averageRating: 0, totalRatings: 0 } },
      { name: 'vote.created', payload: { projectId: project.id, votes: 2, averageRating: 0, totalRatings: 0 } },
    ]);
    const c = await counters(project.id);
    expect(c.votes).toBe(c.voteRows);
  });

  it('lets a member vote once, from any address', async () => {
    const project = await buildProject(t.deps.sql);
    const { agent } = await t.member();
    expect(
      (await call(agent, endpoints.projects.vote, { params: { id: project.id } }).set('X-Forwarded-For', randomIp()))
        .body,
    ).toMatchObject({ votes: 1, hasVoted: true });
    expect(
      (await call(agent, endpoints.projects.vote, { params: { id: project.id } }).set('X-Forwarded-For', randomIp()))
        .status,
    ).toBe(409);
    expect((await call(agent, endpoints.projects.viewerState, { query: { ids: [project.id] } })).body).toEqual([
      { id: project.id, hasVoted: true, myRating: null, canEdit: false },
    ]);
  });

  it('refuses paused members (403), hidden (404) and missing projects (404), bad ids (400); writes nothing', async () => {
    const project = await buildProject(t.deps.sql);
    const { agent } = await t.member({ isPaused: true });
    expect((await call(agent, endpoints.projects.vote, { params: { id: project.id } })).body).toEqual({
      message: 'Your account is paused',
    });
    const hidden = await buildProject(t.deps.sql, { isHidden: true });
    expect(
      (await call(t.agent(), endpoints.projects.vote, { params: { id: hidden.id } }).set('X-Forwarded-For', randomIp()))
        .body,
    ).toEqual({
      message: 'Project not found',
    });
    expect(
      (
        await call(t.agent(), endpoints.projects.vote, { params: { id: 2147483000 } }).set(
          'X-Forwarded-For',
          randomIp(),
        )
      ).status,
    ).toBe(404);
    expect((await callLoosely(t.agent(), endpoints.projects.vote, { params: { id: 'abc' } })).body).toEqual({
      message: 'Invalid id',
    });
    expect((await counters(project.id)).voteRows).toBe(0);
    expect((await counters(hidden.id)).voteRows).toBe(0);
  });

  it('counts all of 50 parallel visitor votes from different addresses', async () => {
    const project = await buildProject(t.deps.sql);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(t.agent(), endpoints.projects.vote, { params: { id: project.id } }).set('X-Forwarded-For', randomIp()),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const c = await counters(project.id);
    expect(c.votes).toBe(50);
    expect(c.voteRows).toBe(50);
    expect(Math.max(...results.map((r) => r.body.votes as number))).toBe(50);
  });

  it('keeps the counter equal to the rows after 500 parallel votes on one project, 100 of them repeats', async () => {
    const project = await buildProject(t.deps.sql);
    // Addresses of their own (not randomIp's range), so no other test's per-IP limit is touched.
    const ips = Array.from({ length: 400 }, (_, i) => `100.64.${i >> 8}.${i & 255}`);
    const senders = [...ips, ...ips.slice(0, 100)];
    const results = await Promise.all(
      senders.map((ip) =>
        call(t.agent(), endpoints.projects.vote, { params: { id: project.id } }).set('X-Forwarded-For', ip),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(400);
    expect(statuses.filter((s) => s === 409)).toHaveLength(100);
    const c = await counters(project.id);
    expect(c.votes).toBe(400);
    expect(c.voteRows).toBe(400);
    // Every counted vote answered a distinct count, and its event carries the same one.
    const answered = results.filter((r) => r.status === 200).map((r) => r.body.votes as number);
    expect(new Set(answered).size).toBe(400);
    const events = await eventsOf(project.id);
    expect(events.map((e) => e.payload.votes).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 400 }, (_, i) => i + 1),
    );
  });

  it('gives exactly one vote for 20 parallel repeats by one member', async () => {
    const project = await buildProject(t.deps.sql);
    const { agent } = await t.member();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(agent, endpoints.projects.vote, { params: { id: project.id } }).set('X-Forwarded-For', randomIp()),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    const c = await counters(project.id);
    expect(c.votes).toBe(1);
    expect(c.voteRows).toBe(1);
  });

  it('limits votes per IP with 429', async () => {
    const ip = randomIp();
    const owner = await buildUser(t.deps.sql);
    const projects = await Promise.all(
      Array.from({ length: 61 }, () => buildProject(t.deps.sql, { userId: owner.id })),
    );
    const statuses: number[] = [];
    for (const p of projects)
      statuses.push(
        (await call(t.agent(), endpoints.projects.vote, { params: { id: p.id } }).set('X-Forwarded-For', ip)).status,
      );
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(200));
    expect(statuses[60]).toBe(429);
    expect((await counters(projects[60]!.id)).voteRows).toBe(0);
  });
});

describe('POST /api/projects/{id}/view', () => {
  /** A view beacon with no body at all, which the contract's type does not offer (the route reads it as empty). */
  const bodilessView = (agent: TestAgent, id: number | string) =>
    callLoosely(agent, endpoints.projects.view, { params: { id } });

  it('counts one view per viewer per day and never votes', async () => {
    const project = await buildProject(t.deps.sql);
    const ip = randomIp();
    expect((await bodilessView(t.agent(), project.id).set('X-Forwarded-For', ip)).body).toEqual({
      views: 1,
    });
    expect((await bodilessView(t.agent(), project.id).set('X-Forwarded-For', ip)).body).toEqual({
      views: 1,
    });
    expect((await bodilessView(t.agent(), project.id).set('X-Forwarded-For', randomIp())).body).toEqual({
      views: 2,
    });
    const { agent } = await t.member();
    expect((await bodilessView(agent, project.id).set('X-Forwarded-For', randomIp())).body).toEqual({
      views: 3,
    });
    expect((await bodilessView(agent, project.id).set('X-Forwarded-For', randomIp())).body).toEqual({
      views: 3,
    });
    const c = await counters(project.id);
    expect(c.voteRows).toBe(0);
    expect(c.votes).toBe(0);
    const [{ n }] = (await t.deps
      .sql`SELECT count(*)::int AS n FROM project_views WHERE project_id = ${project.id}`) as unknown as [
      { n: number },
    ];
    expect(n).toBe(3);
  });

  it('answers 404 for hidden and missing projects, 400 for bad ids, 403 for paused members', async () => {
    const hidden = await buildProject(t.deps.sql, { isHidden: true });
    expect((await bodilessView(t.agent(), hidden.id)).status).toBe(404);
    expect((await bodilessView(t.agent(), 2147483000)).body).toEqual({
      message: 'Project not found',
    });
    expect((await bodilessView(t.agent(), 'x1')).body).toEqual({
      message: 'Invalid id',
    });
    const { agent } = await t.member({ isPaused: true });
    expect((await bodilessView(agent, (await buildProject(t.deps.sql)).id)).status).toBe(403);
    expect((await counters(hidden.id)).views).toBe(0);
  });
});

describe('POST /api/projects/{id}/rate', () => {
  it('saves a rating, re-rates with updated: true, and recomputes average and total', async () => {
    const project = await buildProject(t.deps.sql);
    const { agent } = await t.member();
    const first = await call(agent, endpoints.projects.rate, { params: { id: project.id }, body: { rating: 7 } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: project.id,
      averageRating: 7,
      totalRatings: 1,
      myRating: 7,
      updated: false,
    });
    const again = await call(agent, endpoints.projects.rate, { params: { id: project.id }, body: { rating: 9 } });
    expect(again.body).toMatchObject({ averageRating: 9, totalRatings: 1, myRating: 9, updated: true });
    const { agent: second } = await t.member();
    const { agent: third } = await t.member();
    await call(second, endpoints.projects.rate, { params: { id: project.id }, body: { rating: 8 } });
    const last = await call(third, endpoints.projects.rate, { params: { id: project.id }, body: { rating: 8 } });
    // (9 + 8 + 8) / 3 = 8.333... stored as numeric(3,1)
    expect(last.body).toMatchObject({ averageRating: 8.3, totalRatings: 3, myRating: 8, updated: false });
    expect((await eventsOf(project.id)).map((e) => e.payload)).toContainEqual({
      projectId: project.id,
      votes: 0,
      averageRating: 8.3,
      totalRatings: 3,
    });
    expect(
      (await call(t.agent(), endpoints.projects.detail, { params: { id: project.id } })).body.ratingDistribution,
    ).toEqual([0, 0, 0, 0, 0, 0, 0, 2, 1, 0]);
  });

  it('keeps total and average right under 10 parallel ratings', async () => {
    const project = await buildProject(t.deps.sql);
    const members = await Promise.all(Array.from({ length: 10 }, () => t.member()));
    await Promise.all(
      members.map(({ agent }, i) =>
        call(agent, endpoints.projects.rate, { params: { id: project.id }, body: { rating: (i % 10) + 1 } }),
      ),
    );
    const c = await counters(project.id);
    expect(c.totalRatings).toBe(10);
    expect(c.ratingRows).toBe(10);
    expect(Number(c.averageRating)).toBe(5.5);
  });

  it.each([[{ rating: 0 }], [{ rating: 11 }], [{ rating: 5.5 }], [{ rating: '7' }], [{}], [{ rating: null }]])(
    'refuses %j with 400 and writes nothing',
    async (body) => {
      const project = await buildProject(t.deps.sql);
      const { agent } = await t.member();
      const res = await callLoosely(agent, endpoints.projects.rate, { params: { id: project.id }, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Rating must be a whole number from 1 to 10' });
      expect((await counters(project.id)).ratingRows).toBe(0);
    },
  );

  it('refuses visitors (401), paused members (403), hidden projects (404)', async () => {
    const project = await buildProject(t.deps.sql);
    expect(
      (await call(t.agent(), endpoints.projects.rate, { params: { id: project.id }, body: { rating: 5 } })).body,
    ).toEqual({
      message: RATE_LOGIN_REQUIRED,
    });
    const { agent: paused } = await t.member({ isPaused: true });
    expect(
      (await call(paused, endpoints.projects.rate, { params: { id: project.id }, body: { rating: 5 } })).body,
    ).toEqual({
      message: 'Your account is paused',
    });
    const hidden = await buildProject(t.deps.sql, { isHidden: true });
    const { agent } = await t.member();
    expect(
      (await call(agent, endpoints.projects.rate, { params: { id: hidden.id }, body: { rating: 5 } })).status,
    ).toBe(404);
    expect((await counters(project.id)).ratingRows + (await counters(hidden.id)).ratingRows).toBe(0);
  });
});

describe('POST /api/projects/{id}/report', () => {
  it('files a report (201), counts it, and refuses a second open report by the same member (409)', async () => {
    const project = await buildProject(t.deps.sql);
    const { user, agent } = await t.member();
    const res = await call(agent, endpoints.projects.report, {
      params: { id: project.id },
      body: { reason: 'spam', additionalDetails: 'Links to ads.', projectId: project.id },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Report submitted', id: expect.any(Number) });
    const [row] = await t.deps
      .sql`SELECT reporter_user_id, reason, additional_details, status FROM reports WHERE id = ${res.body.id}`;
    expect(row).toEqual({
      reporterUserId: user.id,
      reason: 'spam',
      additionalDetails: 'Links to ads.',
      status: 'pending',
    });
    const again = await call(agent, endpoints.projects.report, {
      params: { id: project.id },
      body: { reason: 'other' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: ALREADY_REPORTED });
    expect((await counters(project.id)).reportCount).toBe(1);
    expect((await eventsOf(project.id)).map((e) => e.name)).toEqual(['report.created']);
    // Once an admin has decided, the member may report again.
    await t.deps.sql`UPDATE reports SET status = 'dismissed' WHERE id = ${res.body.id}`;
    expect(
      (await call(agent, endpoints.projects.report, { params: { id: project.id }, body: { reason: 'other' } })).status,
    ).toBe(201);
  });

  it('hides the project at 3 pending reports from different members with standing, from different networks', async () => {
    const project = await buildProject(t.deps.sql);
    for (let i = 0; i < 3; i += 1) {
      const { agent } = await t.member({ standing: true });
      expect(
        (
          await call(agent, endpoints.projects.report, {
            params: { id: project.id },
            body: { reason: 'offensive' },
          }).set('X-Forwarded-For', randomIp())
        ).status,
      ).toBe(201);
      expect((await counters(project.id)).isHidden).toBe(i === 2);
    }
    expect((await eventsOf(project.id)).map((e) => e.name)).toEqual([
      'report.created',
      'report.created',
      'report.created',
      'project.hidden',
    ]);
    expect((await call(t.agent(), endpoints.projects.detail, { params: { id: project.id } })).status).toBe(404);
    const c = await counters(project.id);
    expect(c.reportCount).toBe(c.reportRows);
  });

  it("counts toward the auto-hide only reports from accounts with standing, one per network, never the owner's", async () => {
    const report = async (agent: Awaited<ReturnType<TestApp['member']>>['agent'], ip: string, projectId: number) =>
      (
        await call(agent, endpoints.projects.report, { params: { id: projectId }, body: { reason: 'spam' } }).set(
          'X-Forwarded-For',
          ip,
        )
      ).status;

    // Three fresh accounts (the attack: made minutes ago, no activity), from three addresses.
    const attacked = await buildProject(t.deps.sql);
    for (let i = 0; i < 3; i += 1) expect(await report((await t.member()).agent, randomIp(), attacked.id)).toBe(201);
    // Three old accounts that never voted, rated or submitted.
    for (let i = 0; i < 3; i += 1)
      expect(
        await report(
          (await t.member({ createdAt: new Date(Date.now() - 30 * 86_400_000) })).agent,
          randomIp(),
          attacked.id,
        ),
      ).toBe(201);
    // Three accounts with standing, all from one IPv6 /64.
    for (let i = 1; i <= 3; i += 1)
      expect(await report((await t.member({ standing: true })).agent, `2001:db8:77:1::${i}`, attacked.id)).toBe(201);
    expect((await counters(attacked.id)).isHidden).toBe(false);
    // Every report still reached the admins (report.created is what pushes report:created to them).
    expect((await eventsOf(attacked.id)).map((e) => e.name)).toEqual(Array(9).fill('report.created'));

    // The owner cannot report their own project (403); three other members with standing hide it.
    const owner = await buildUser(t.deps.sql, { standing: true });
    const owned = await buildProject(t.deps.sql, { userId: owner.id });
    expect(await report(await t.signIn(owner), randomIp(), owned.id)).toBe(403);
    for (let i = 0; i < 2; i += 1)
      expect(await report((await t.member({ standing: true })).agent, randomIp(), owned.id)).toBe(201);
    expect((await counters(owned.id)).isHidden).toBe(false);
    // A vote is activity too: an old account that voted has standing.
    const voter = await t.member({ createdAt: new Date(Date.now() - 8 * 86_400_000) });
    expect(
      (
        await call(voter.agent, endpoints.projects.vote, { params: { id: (await buildProject(t.deps.sql)).id } }).set(
          'X-Forwarded-For',
          randomIp(),
        )
      ).status,
    ).toBe(200);
    expect(await report(voter.agent, randomIp(), owned.id)).toBe(201);
    expect((await counters(owned.id)).isHidden).toBe(true);
    expect((await eventsOf(owned.id)).map((e) => e.name).at(-1)).toBe('project.hidden');
  });

  it.each([
    [{}, 'Please select a reason for reporting this project'],
    [{ reason: 'boring' }, 'Please select a reason for reporting this project'],
    [{ reason: 'spam', additionalDetails: 'x'.repeat(501) }, 'Additional details must be less than 500 characters'],
    [{ reason: 'spam', additionalDetails: 12 }, 'Additional details must be less than 500 characters'],
  ])('refuses %j with 400 and writes nothing', async (body, message) => {
    const project = await buildProject(t.deps.sql);
    const { agent } = await t.member();
    const res = await callLoosely(agent, endpoints.projects.report, { params: { id: project.id }, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect((await counters(project.id)).reportRows).toBe(0);
  });

  it('refuses visitors (401), paused members (403), hidden and missing projects (404)', async () => {
    const project = await buildProject(t.deps.sql);
    expect(
      (await call(t.agent(), endpoints.projects.report, { params: { id: project.id }, body: { reason: 'spam' } })).body,
    ).toEqual({
      message: REPORT_LOGIN_REQUIRED,
    });
    const { agent: paused } = await t.member({ isPaused: true });
    expect(
      (await call(paused, endpoints.projects.report, { params: { id: project.id }, body: { reason: 'spam' } })).status,
    ).toBe(403);
    const { agent } = await t.member();
    const hidden = await buildProject(t.deps.sql, { isHidden: true });
    expect(
      (await call(agent, endpoints.projects.report, { params: { id: hidden.id }, body: { reason: 'spam' } })).body,
    ).toEqual({
      message: 'Project not found',
    });
    expect(
      (await call(agent, endpoints.projects.report, { params: { id: 2147483000 }, body: { reason: 'spam' } })).status,
    ).toBe(404);
    expect((await counters(project.id)).reportRows).toBe(0);
  });

  it('counts reports made: refused reports (400, 404, 409 duplicate) give their point back', async () => {
    const { agent } = await t.member();
    const owner = await buildUser(t.deps.sql);
    const first = await buildProject(t.deps.sql, { userId: owner.id });
    expect(
      (await call(agent, endpoints.projects.report, { params: { id: first.id }, body: { reason: 'spam' } })).status,
    ).toBe(201);
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await call(agent, endpoints.projects.report, { params: { id: first.id }, body: { reason: 'spam' } })).status,
      ).toBe(409);
      expect(
        (await call(agent, endpoints.projects.report, { params: { id: 2147483000 }, body: { reason: 'spam' } })).status,
      ).toBe(404);
      expect(
        (
          await callLoosely(agent, endpoints.projects.report, {
            params: { id: first.id },
            body: { reason: 'no such reason' },
          })
        ).status,
      ).toBe(400);
    }
    const projects = await Promise.all(
      Array.from({ length: 10 }, () => buildProject(t.deps.sql, { userId: owner.id })),
    );
    const statuses: number[] = [];
    for (const p of projects)
      statuses.push(
        (await call(agent, endpoints.projects.report, { params: { id: p.id }, body: { reason: 'spam' } })).status,
      );
    expect(statuses).toEqual([...Array(9).fill(201), 429]);
  });

  it('limits reports per member with 429', async () => {
    const { agent } = await t.member();
    const owner = await buildUser(t.deps.sql);
    const projects = await Promise.all(
      Array.from({ length: 11 }, () => buildProject(t.deps.sql, { userId: owner.id })),
    );
    const statuses: number[] = [];
    for (const p of projects)
      statuses.push(
        (await call(agent, endpoints.projects.report, { params: { id: p.id }, body: { reason: 'spam' } })).status,
      );
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });
});

describe('no self-dealing', () => {
  it('refuses an owner voting for, rating or reporting their own project with 403, writing nothing', async () => {
    const { user, agent } = await t.member();
    const project = await buildProject(t.deps.sql, { userId: user.id });
    const hidden = await buildProject(t.deps.sql, { userId: user.id, isHidden: true });
    for (const p of [project, hidden]) {
      const vote = await call(agent, endpoints.projects.vote, { params: { id: p.id } }).set(
        'X-Forwarded-For',
        randomIp(),
      );
      expect(vote.status).toBe(403);
      expect(vote.body).toEqual({ message: 'You cannot vote for your own project' });
      const rate = await call(agent, endpoints.projects.rate, { params: { id: p.id }, body: { rating: 10 } });
      expect(rate.status).toBe(403);
      expect(rate.body).toEqual({ message: 'You cannot rate your own project' });
      const report = await call(agent, endpoints.projects.report, { params: { id: p.id }, body: { reason: 'spam' } });
      expect(report.status).toBe(403);
      expect(report.body).toEqual({ message: 'You cannot report your own project' });
      expect(await counters(p.id)).toMatchObject({
        votes: 0,
        voteRows: 0,
        totalRatings: 0,
        ratingRows: 0,
        reportCount: 0,
        reportRows: 0,
      });
      expect((await eventsOf(p.id)).map((e) => e.name)).not.toContain('vote.created');
    }
  });

  it("still counts another member's vote cast in the same group as the owner's refused one", async () => {
    const { user: owner, agent: ownerAgent } = await t.member();
    const { agent: other } = await t.member();
    const project = await buildProject(t.deps.sql, { userId: owner.id });
    const [mine, theirs] = await Promise.all([
      call(ownerAgent, endpoints.projects.vote, { params: { id: project.id } }).set('X-Forwarded-For', randomIp()),
      call(other, endpoints.projects.vote, { params: { id: project.id } }).set('X-Forwarded-For', randomIp()),
    ]);
    expect(mine.status).toBe(403);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({ votes: 1, hasVoted: true });
    expect(await counters(project.id)).toMatchObject({ votes: 1, voteRows: 1 });
  });
});
