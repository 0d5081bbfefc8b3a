import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOTE_KINDS, VOTE_WEIGHTS } from '@vitrine/domain/rankings';
import { createSql, type Sql } from '../sql';
import { buildProject, buildUser, createTestDatabase } from '../testing';
import { makeIntegrityQueries, runIntegrityScan } from './integrity';
import { projectScore } from './project-score';
import { lockBoardsForDeletion, makeRankingQueries } from './rankings';
import { reweighTallies } from './tallies';
import type { UserRow } from './users';
import { makeVoteQueries, type Ballot } from './votes';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: Sql;
const DAY = 86_400_000;
const viewer = { userId: null, ip: '192.0.2.1' };

beforeAll(async () => {
  db = await createTestDatabase('vitrine_integrity');
  sql = createSql(db.url, { max: 4 });
});

afterAll(async () => {
  await sql.end();
  await db.drop();
});

/** A deterministic generator in [0, 1). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const member = (id: number, projectId: number, network: string): Ballot => ({
  projectId,
  actor: { id, isAdmin: false },
  ip: network.replace('.0/24', '.9'),
  network,
});

async function weightsOf(projectId: number) {
  return sql<{ kind: string; weight: number; clusterId: number | null }[]>`
    SELECT kind, weight, cluster_id FROM votes WHERE project_id = ${projectId} ORDER BY id`;
}

async function weightedVotes(projectId: number): Promise<number> {
  const [row] = await sql<{ w: number }[]>`SELECT weighted_votes AS w FROM projects WHERE id = ${projectId}`;
  return row!.w;
}

/** Moves every vote `ms` into the past, so a recompute tallies them (they are past the safe watermark). */
async function age(ms: number) {
  await sql`UPDATE votes SET created_at = created_at - make_interval(secs => ${ms / 1000})`;
}

/** Projects of the all-time and week leaderboards and of the week's trending board, best first. */
async function boards() {
  const ranking = makeRankingQueries(sql);
  const now = new Date();
  await ranking.recomputeLeaderboard('all', now);
  await ranking.recomputeLeaderboard('week', now);
  await ranking.recomputeTrending('week', now);
  const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);
  return {
    all: ids(await ranking.listLeaderboard({ range: 'all', offset: 0, limit: 100, viewer })),
    week: ids(await ranking.listLeaderboard({ range: 'week', offset: 0, limit: 100, viewer })),
    trending: ids(await ranking.listTrending({ period: 'week', offset: 0, limit: 100, viewer })),
  };
}

describe('weights at cast time', () => {
  it('weighs each vote by its evidence and the score answer adds up', async () => {
    const project = await buildProject(sql);
    const standing = await buildUser(sql, { standing: true });
    const fresh = await buildUser(sql);
    const tester = await buildUser(sql);
    const [request] = await sql<{ id: number }[]>`
      INSERT INTO project_requests (project_id, user_id, title, description, max_testers)
      VALUES (${project.id}, ${project.userId}, 'Try the editor', 'Please try the editor and tell me.', 5) RETURNING id`;
    await sql`INSERT INTO test_request_testers (request_id, user_id) VALUES (${request!.id}, ${tester.id})`;
    await sql`INSERT INTO test_feedback (request_id, tester_id, score) VALUES (${request!.id}, ${tester.id}, 8)`;
    const ballots: Ballot[] = [
      member(standing.id, project.id, '192.0.2.0/24'),
      member(fresh.id, project.id, '198.51.100.0/24'),
      member(tester.id, project.id, '203.0.113.0/24'),
      { projectId: project.id, actor: null, ip: '192.0.2.50', network: '192.0.2.0/24' },
      { projectId: project.id, actor: null, ip: '192.0.2.51', network: '192.0.2.0/24', clicked: true },
    ];
    await makeVoteQueries(sql).castVotes(ballots);
    expect((await weightsOf(project.id)).map((v) => [v.kind, v.weight])).toEqual([
      ['standing', 1],
      ['newMember', 0.5],
      ['tester', 1],
      ['visitor', 0.25],
      ['clickedVisitor', 0.5],
    ]);
    expect(await weightedVotes(project.id)).toBe(3.25);
    const score = (await projectScore(sql, project.id, 'week', new Date()))!;
    expect(score.votes).toBe(5);
    expect(score.weightedVotes).toBe(3.25);
    expect(score.byKind).toEqual({ standing: 1, newMember: 1, tester: 1, visitor: 1, clickedVisitor: 1, flagged: 0 });
    const counted = VOTE_KINDS.reduce((n, k) => n + score.byKind[k], 0) + score.byKind.flagged;
    expect(counted).toBe(score.votes);
    expect(VOTE_KINDS.reduce((w, k) => w + score.byKind[k] * VOTE_WEIGHTS[k], 0)).toBe(score.weightedVotes);
    expect(score.trending.windowVotes).toBe(5);
    expect(score.trending.gravity).toBe(48);
    expect(score.trending.score).toBeGreaterThan(3.2);
    expect(score.trending.score).toBeLessThanOrEqual(3.25);
  });
});

describe('the integrity scan', () => {
  it('finds nothing in an organic day: 40 members of varied age and network voting over a day', async () => {
    const next = random(7);
    const projects: number[] = [];
    for (let i = 0; i < 30; i += 1) projects.push((await buildProject(sql)).id);
    const now = Date.now();
    for (let i = 0; i < 40; i += 1) {
      const user = await buildUser(sql, {
        createdAt: new Date(now - Math.floor(1 + next() * 400) * DAY),
        signupNetwork: `10.${i}.${Math.floor(next() * 250)}.0/24`,
      });
      const picks = new Set<number>();
      const count = 1 + Math.floor(next() * 5);
      while (picks.size < count) picks.add(projects[Math.floor(next() * projects.length)]!);
      for (const projectId of picks) {
        await sql`
          INSERT INTO votes (project_id, user_id, ip_address, network, created_at)
          VALUES (${projectId}, ${user.id}, ${`10.${i}.0.9`}, ${`10.${i}.0.0/24`}, ${new Date(now - next() * DAY)})`;
      }
    }
    for (let i = 0; i < 30; i += 1) {
      // Visitors of many networks, a few an hour.
      await sql`
        INSERT INTO votes (project_id, user_id, ip_address, network, created_at)
        VALUES (${projects[i % 7]!}, NULL, ${`172.16.${i}.4`}, ${`172.16.${i}.0/24`}, ${new Date(now - next() * DAY)})`;
    }
    const result = await runIntegrityScan(sql);
    expect(result.clusterIds).toEqual([]);
    expect(await makeIntegrityQueries(sql).listClusters('open', 50)).toEqual([]);
  });

  it('holds fresh accounts of one /24 voting together, and the boards follow a clear and a confirm', async () => {
    const ringTarget = (await buildProject(sql)).id;
    const rival = (await buildProject(sql)).id;
    const made = Date.now() - 3 * 3_600_000;
    const ring: UserRow[] = [];
    for (let i = 0; i < 5; i += 1) {
      ring.push(await buildUser(sql, { createdAt: new Date(made + i * 60_000), signupNetwork: '203.0.113.0/24' }));
    }
    await makeVoteQueries(sql).castVotes(ring.map((u) => member(u.id, ringTarget, '203.0.113.0/24')));
    const fans = [await buildUser(sql, { standing: true }), await buildUser(sql, { standing: true })];
    await makeVoteQueries(sql).castVotes(fans.map((u, i) => member(u.id, rival, `192.0.${i + 10}.0/24`)));
    await age(10 * 60_000);
    const before = await boards();
    expect(before.all.indexOf(ringTarget)).toBeLessThan(before.all.indexOf(rival));
    expect(before.week.indexOf(ringTarget)).toBeLessThan(before.week.indexOf(rival));
    expect(before.trending.indexOf(ringTarget)).toBeLessThan(before.trending.indexOf(rival));

    const result = await runIntegrityScan(sql);
    expect(result.clusterIds).toHaveLength(1);
    expect(result.events.map((e) => e.name)).toEqual(['integrity.clusterFlagged']);
    const clusters = makeIntegrityQueries(sql);
    const [cluster] = await clusters.listClusters('open', 50);
    expect(cluster!.signal).toBe('network');
    expect(cluster!.evidence.accountIds).toEqual(ring.map((u) => u.id));
    expect((await weightsOf(ringTarget)).map((v) => v.weight)).toEqual([0, 0, 0, 0, 0]);
    expect(await weightedVotes(ringTarget)).toBe(0);
    const held = await boards();
    expect(held.all.indexOf(ringTarget)).toBeGreaterThan(held.all.indexOf(rival));
    expect(held.week.indexOf(ringTarget)).toBeGreaterThan(held.week.indexOf(rival));
    expect(held.trending).not.toContain(ringTarget);
    const score = (await projectScore(sql, ringTarget, 'week', new Date()))!;
    expect(score).toMatchObject({ votes: 5, weightedVotes: 0, byKind: { flagged: 5, newMember: 0 } });
    const evidence = await clusters.evidenceOf(cluster!);
    expect(evidence.accounts.map((a) => a.network)).toEqual(Array(5).fill('203.0.113.0/24'));
    expect(evidence.projects).toEqual([expect.objectContaining({ id: ringTarget, votes: 5 })]);
    expect(evidence.timeline).toHaveLength(5);

    // A class voting for a friend from one school network: an admin clears it and the weights come back.
    await sql.begin(async (tx) => {
      await lockBoardsForDeletion(tx);
      await reweighTallies(tx, await makeVoteQueries(tx).releaseVotes(cluster!.id));
      await makeIntegrityQueries(tx).decide(cluster!.id, 'cleared', 'A class voting for a classmate', ring[0]!.id);
    });
    expect(await weightedVotes(ringTarget)).toBe(2.5);
    expect(await boards()).toEqual(before);
    // The next scan finds the same ring again and leaves it cleared.
    expect((await runIntegrityScan(sql)).clusterIds).toEqual([]);
  });

  it('holds a visitor flood from one network', async () => {
    const target = (await buildProject(sql)).id;
    const ballots: Ballot[] = [];
    for (let i = 0; i < 12; i += 1) {
      ballots.push({ projectId: target, actor: null, ip: `198.51.100.${i + 1}`, network: '198.51.100.0/24' });
    }
    await makeVoteQueries(sql).castVotes(ballots);
    const result = await runIntegrityScan(sql);
    expect(result.clusterIds).toHaveLength(1);
    const [cluster] = await makeIntegrityQueries(sql).listClusters('open', 50);
    expect(cluster!.signal).toBe('visitorBurst');
    expect(cluster!.evidence.networks).toEqual(['198.51.100.0/24']);
    expect(await weightedVotes(target)).toBe(0);
  });

  it('holds a near-identical vote-set cluster spread over networks', async () => {
    const targets: number[] = [];
    for (let i = 0; i < 4; i += 1) targets.push((await buildProject(sql)).id);
    const ring: UserRow[] = [];
    for (let i = 0; i < 5; i += 1) {
      ring.push(await buildUser(sql, { standing: true, signupNetwork: `100.${64 + i}.7.0/24` }));
    }
    for (const [i, u] of ring.entries()) {
      await makeVoteQueries(sql).castVotes(targets.map((p) => member(u.id, p, `100.${64 + i}.7.0/24`)));
    }
    const result = await runIntegrityScan(sql);
    expect(result.clusterIds).toHaveLength(1);
    const open = await makeIntegrityQueries(sql).listClusters('open', 50);
    const cluster = open.find((c) => c.id === result.clusterIds[0])!;
    expect(cluster.signal).toBe('sameVotes');
    expect(cluster.evidence.accountIds).toEqual(ring.map((u) => u.id));
    expect(cluster.evidence.networks).toHaveLength(5);
    for (const t of targets) expect(await weightedVotes(t)).toBe(0);
  });
});
