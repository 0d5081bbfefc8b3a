import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { holdRing } from '@vitrine/db/queries/integrity';
import type { UserRow } from '@vitrine/db/queries/users';
import { VOTE_KINDS, VOTE_WEIGHTS } from '@vitrine/domain/rankings';
import { endpoints, type BodyOf } from '@vitrine/domain/endpoints';
import { fairExposureEndpoints } from '@vitrine/domain/endpoints-fair-exposure';
import { answerOf, call, callLoosely, makeTestApp, randomIp, type TestApp } from '../testing';
import { PAUSED_MESSAGE } from '../errors';
import { CLUSTER_DECIDED, CLUSTER_NOT_FOUND } from '../commands/cluster-decider';
import { OUTBOUND_COOKIE } from '../outbound-proof';

let t: TestApp;
let admin: { user: UserRow; agent: TestAgent };
beforeAll(async () => {
  t = await makeTestApp();
  admin = await t.member({ isAdmin: true });
});
afterAll(async () => {
  await t.close();
});

const kinds = (projectId: number) =>
  t.deps.sql<{ kind: string; weight: number; network: string | null }[]>`
    SELECT kind, weight, network FROM votes WHERE project_id = ${projectId} ORDER BY id`;

/** Four members who signed up together from 203.0.113.0/24 and voted for `projectId` through the API. */
async function ringVotes(projectId: number) {
  const accounts: Array<{ user: UserRow; agent: TestAgent }> = [];
  for (let i = 0; i < 4; i += 1) accounts.push(await t.member({ signupNetwork: '203.0.113.0/24' }));
  for (const [i, a] of accounts.entries()) {
    const res = await call(a.agent, endpoints.projects.vote, { params: { id: projectId } }).set(
      'X-Forwarded-For',
      `203.0.113.${i + 20}`,
    );
    expect(res.status).toBe(200);
  }
  const votes = await t.deps.sql<{ id: number }[]>`
    SELECT id FROM votes WHERE project_id = ${projectId} AND user_id = ANY(${accounts.map((a) => a.user.id)}::int[])`;
  const filed = await holdRing(t.deps.sql, {
    signal: 'network',
    fingerprint: `test:${projectId}`,
    summary: '4 accounts made close together from 203.0.113.0/24 voted for the same project within minutes',
    networks: ['203.0.113.0/24'],
    accountIds: accounts.map((a) => a.user.id),
    voteIds: votes.map((v) => v.id),
  });
  return { accounts, clusterId: filed!.clusterId };
}

describe('weighted votes through the API', () => {
  it('weighs a visitor who came through the outbound link more, and stores networks, never addresses', async () => {
    const owner = await buildUser(t.deps.sql, { standing: true });
    const project = await buildProject(t.deps.sql, { userId: owner.id, replitUrl: 'https://hosted.example/app' });
    const visitor = t.agent();
    const go = await visitor.get(`/go/${project.id}`).set('X-Forwarded-For', '198.51.100.7');
    expect(go.status).toBe(302);
    expect(go.headers.location).toBe('https://hosted.example/app');
    expect(String(go.headers['set-cookie'])).toContain(OUTBOUND_COOKIE);
    expect(
      (
        await call(visitor, endpoints.projects.vote, { params: { id: project.id } }).set(
          'X-Forwarded-For',
          '198.51.100.7',
        )
      ).status,
    ).toBe(200);
    // Another visitor without the proof; a forged cookie is no proof.
    const forged = await call(t.agent(), endpoints.projects.vote, { params: { id: project.id } })
      .set('X-Forwarded-For', '198.51.100.8')
      .set('Cookie', `${OUTBOUND_COOKIE}=${project.id}.${Date.now() + 3_600_000}`);
    expect(forged.status).toBe(200);
    const { agent } = await t.member();
    expect(
      (await call(agent, endpoints.projects.vote, { params: { id: project.id } }).set('X-Forwarded-For', randomIp()))
        .status,
    ).toBe(200);
    expect((await kinds(project.id)).map((v) => [v.kind, v.weight, v.network])).toEqual([
      ['clickedVisitor', 0.5, '198.51.100.0/24'],
      ['visitor', 0.25, '198.51.100.0/24'],
      ['newMember', 0.5, expect.stringMatching(/^10\.\d+\.\d+\.0\/24$/)],
    ]);
  });

  it('publishes the formula and the weights at /about/ranking', async () => {
    const page = await t.agent().get('/about/ranking');
    expect(page.status).toBe(200);
    expect(page.text).toContain('How ranking works');
    expect(page.text).toContain('<td>0.25</td>');
  });

  it('answers 404 for the outbound link of a missing or hidden project', async () => {
    const hidden = await buildProject(t.deps.sql, { isHidden: true });
    expect((await t.agent().get(`/go/${hidden.id}`)).status).toBe(404);
    expect((await t.agent().get('/go/2000000000')).status).toBe(404);
    expect((await t.agent().get('/go/abc')).status).toBe(404);
  });

  it('explains the score, and it adds up', async () => {
    const project = await buildProject(t.deps.sql);
    for (let i = 0; i < 3; i += 1) {
      await call(t.agent(), endpoints.projects.vote, { params: { id: project.id } }).set('X-Forwarded-For', randomIp());
    }
    const { agent } = await t.member({ standing: true });
    await call(agent, endpoints.projects.vote, { params: { id: project.id } }).set('X-Forwarded-For', randomIp());
    const res = await call(t.agent(), endpoints.integrity.score, { params: { id: project.id } });
    expect(res.status).toBe(200);
    const score = answerOf(endpoints.integrity.score, res);
    expect(score).toMatchObject({
      votes: 4,
      weightedVotes: 1.75,
      byKind: { standing: 1, newMember: 0, tester: 0, visitor: 3, clickedVisitor: 0, flagged: 0 },
    });
    expect(VOTE_KINDS.reduce((n, k) => n + score.byKind[k], 0) + score.byKind.flagged).toBe(score.votes);
    expect(VOTE_KINDS.reduce((w, k) => w + score.byKind[k] * VOTE_WEIGHTS[k], 0)).toBe(score.weightedVotes);
    expect(score.trending).toMatchObject({ period: 'week', windowVotes: 4, gravity: 48 });
    expect(score.trending.score).toBeCloseTo(1.75, 3);
    const hidden = await buildProject(t.deps.sql, { isHidden: true });
    expect((await call(t.agent(), endpoints.integrity.score, { params: { id: hidden.id } })).status).toBe(404);
    expect((await call(t.agent(), endpoints.integrity.score, { params: { id: 'abc' } })).body).toEqual({
      message: 'Invalid id',
    });
  });
});

describe('the Integrity tab calls', () => {
  it('lists a held ring with its evidence to admins only, and a confirm pauses its accounts', async () => {
    const project = await buildProject(t.deps.sql);
    const { accounts, clusterId } = await ringVotes(project.id);
    const score = answerOf(
      endpoints.integrity.score,
      await call(t.agent(), endpoints.integrity.score, { params: { id: project.id } }),
    );
    expect(score).toMatchObject({ votes: 4, weightedVotes: 0, byKind: { flagged: 4, newMember: 0 } });

    expect((await call(accounts[0]!.agent, endpoints.integrity.clusters)).status).toBe(403);
    const list = await call(admin.agent, endpoints.integrity.clusters, { query: { status: 'open' } });
    expect(list.status).toBe(200);
    const cluster = answerOf(endpoints.integrity.clusters, list).find((c) => c.id === clusterId)!;
    expect(cluster).toMatchObject({ signal: 'network', status: 'open', networks: ['203.0.113.0/24'], voteCount: 4 });
    expect(cluster.accounts.map((a) => a.id)).toEqual(accounts.map((a) => a.user.id));
    expect(cluster.projects).toEqual([{ id: project.id, title: expect.any(String), votes: 4 }]);
    expect(cluster.timeline).toHaveLength(4);
    expect((await callLoosely(admin.agent, endpoints.integrity.clusters, { query: { status: 'nope' } })).body).toEqual({
      message: 'status must be open, confirmed or cleared',
    });

    const decide = (body: BodyOf<typeof endpoints.integrity.decideCluster>) =>
      call(admin.agent, endpoints.integrity.decideCluster, { params: { id: clusterId }, body });
    const unexplained = callLoosely(admin.agent, endpoints.integrity.decideCluster, {
      params: { id: clusterId },
      body: { status: 'confirmed' },
    });
    expect((await unexplained).body).toEqual({
      message: 'Please give a reason',
    });
    const confirmed = await decide({ status: 'confirmed', reason: '  Bought votes  ' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', reason: 'Bought votes' });
    expect(answerOf(endpoints.integrity.decideCluster, confirmed).accounts.every((a) => a.isPaused)).toBe(true);
    // The confirmation is public, with its reason.
    const log = await call(t.agent(), fairExposureEndpoints.moderationLog, { query: { limit: 100 } });
    expect(log.body).toContainEqual(
      expect.objectContaining({
        action: 'ring.confirmed',
        subject: expect.objectContaining({ type: 'ring', id: confirmed.body.id }),
        reason: 'Bought votes',
      }),
    );
    const again = await decide({ status: 'cleared', reason: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: CLUSTER_DECIDED });
    const other = await buildProject(t.deps.sql);
    const vote = await call(accounts[0]!.agent, endpoints.projects.vote, { params: { id: other.id } }).set(
      'X-Forwarded-For',
      randomIp(),
    );
    expect(vote.body).toEqual({ message: PAUSED_MESSAGE });
    expect(
      (
        await call(admin.agent, endpoints.integrity.decideCluster, {
          params: { id: 2000000000 },
          body: { status: 'cleared', reason: 'x' },
        })
      ).body,
    ).toEqual({ message: CLUSTER_NOT_FOUND });
    const [row] = await t.deps.sql<
      { weightedVotes: number }[]
    >`SELECT weighted_votes FROM projects WHERE id = ${project.id}`;
    expect(row!.weightedVotes).toBe(0);
  });

  it('a clear gives the votes their weights back', async () => {
    const project = await buildProject(t.deps.sql);
    const { clusterId } = await ringVotes(project.id);
    const cleared = await call(admin.agent, endpoints.integrity.decideCluster, {
      params: { id: clusterId },
      body: { status: 'cleared', reason: 'A class voting for a classmate' },
    });
    expect(cleared.status).toBe(200);
    expect(answerOf(endpoints.integrity.decideCluster, cleared).accounts.some((a) => a.isPaused)).toBe(false);
    const score = answerOf(
      endpoints.integrity.score,
      await call(t.agent(), endpoints.integrity.score, { params: { id: project.id } }),
    );
    expect(score).toMatchObject({ votes: 4, weightedVotes: 2, byKind: { flagged: 0, newMember: 4 } });
    const list = await call(admin.agent, endpoints.integrity.clusters, { query: { status: 'cleared' } });
    expect(answerOf(endpoints.integrity.clusters, list).find((c) => c.id === clusterId)).toMatchObject({
      reason: 'A class voting for a classmate',
    });
  });
});
