import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RISING_MAX_IMPRESSIONS } from '@vitrine/domain/constants';
import { createSql, type Sql } from '../sql';
import { buildProject, buildUser, createTestDatabase } from '../testing';
import { makeImpressionQueries } from './impressions';
import { runIntegrityScan } from './integrity';

/**
 * The adversaries that paced themselves past the fixed-window detector: each must be held by the
 * integrity scan (db/src/queries/ring-signals.ts). Every test writes on networks of its own, and
 * checks only the clusters the scan filed for it.
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: Sql;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

beforeAll(async () => {
  db = await createTestDatabase('vitrine_ring_signals');
  sql = createSql(db.url, { max: 4 });
});

afterAll(async () => {
  await sql.end();
  await db.drop();
});

/** A vote row as the cast writes it, at `at`. */
async function vote(userId: number | null, projectId: number, network: string, at: Date, ip?: string) {
  await sql`
    INSERT INTO votes (project_id, user_id, ip_address, network, created_at)
    VALUES (${projectId}, ${userId}, ${ip ?? `${network.replace('.0/24', '')}.${userId ?? 9}`}, ${network}, ${at})
    ON CONFLICT DO NOTHING`;
}

/** `n` accounts signed up from `network`, the i-th made at joined(i). */
async function accounts(n: number, network: string | ((i: number) => string), joined: (i: number) => Date) {
  const made: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const signupNetwork = typeof network === 'string' ? network : network(i);
    made.push((await buildUser(sql, { createdAt: joined(i), signupNetwork })).id);
  }
  return made;
}

/** The scan at `now`; answers the accounts and vote ids of the clusters it filed, by signal. */
async function scan(now: Date) {
  const { clusterIds } = await runIntegrityScan(sql, now);
  return sql<{ signal: string; accountIds: number[]; voteIds: number[] }[]>`
    SELECT signal, ARRAY(SELECT jsonb_array_elements_text(evidence->'accountIds')::int ORDER BY 1) AS account_ids,
           ARRAY(SELECT jsonb_array_elements_text(evidence->'voteIds')::int ORDER BY 1) AS vote_ids
    FROM integrity_clusters WHERE id = ANY(${clusterIds}::int[]) ORDER BY id`;
}

describe('member rings of one network', () => {
  it('holds all five accounts when one of them voted 20 minutes before the others', async () => {
    const now = new Date();
    const target = (await buildProject(sql)).id;
    const ring = await accounts(5, '198.51.100.0/24', (i) => new Date(now.getTime() - 5 * HOUR + i * MINUTE));
    await vote(ring[0]!, target, '198.51.100.0/24', new Date(now.getTime() - 45 * MINUTE));
    for (const [i, id] of ring.slice(1).entries())
      await vote(id, target, '198.51.100.0/24', new Date(now.getTime() - 25 * MINUTE + i * MINUTE));
    const filed = await scan(now);
    expect(filed.map((c) => [c.signal, c.accountIds])).toEqual([['network', ring]]);
    expect(filed[0]!.voteIds).toHaveLength(5);
  });

  it('holds all five accounts when one puppet was made two days before the others', async () => {
    const now = new Date();
    const target = (await buildProject(sql)).id;
    const ring = await accounts(5, '198.51.101.0/24', (i) =>
      i === 0 ? new Date(now.getTime() - 2 * DAY - 6 * HOUR) : new Date(now.getTime() - 6 * HOUR + i * MINUTE),
    );
    for (const [i, id] of ring.entries())
      await vote(id, target, '198.51.101.0/24', new Date(now.getTime() - 30 * MINUTE + i * MINUTE));
    expect((await scan(now)).map((c) => [c.signal, c.accountIds])).toEqual([['network', ring]]);
  });

  it('holds accounts whose sign-ups were staggered over five days', async () => {
    const now = new Date();
    const target = (await buildProject(sql)).id;
    const ring = await accounts(5, '198.51.102.0/24', (i) => new Date(now.getTime() - 6 * HOUR - i * 30 * HOUR));
    for (const [i, id] of ring.entries())
      await vote(id, target, '198.51.102.0/24', new Date(now.getTime() - 20 * MINUTE + i * MINUTE));
    expect((await scan(now)).map((c) => [c.signal, c.accountIds])).toEqual([
      ['network', [...ring].sort((a, b) => a - b)],
    ]);
  });
});

describe('visitor bursts', () => {
  it('holds 18 visitor votes in 18 seconds that straddle a quarter-hour edge', async () => {
    const target = (await buildProject(sql)).id;
    const edge = Math.floor((Date.now() - HOUR) / (15 * MINUTE)) * 15 * MINUTE;
    for (let i = 0; i < 18; i += 1)
      await vote(null, target, '203.0.113.0/24', new Date(edge - 9_000 + i * 1_000), `203.0.113.${i + 1}`);
    const filed = await scan(new Date());
    expect(filed.map((c) => [c.signal, c.voteIds.length])).toEqual([['visitorBurst', 18]]);
  });
});

describe('co-voting rings', () => {
  /** `ring` votes for `targets[d]` on day d (of `days` days before now), each account within three hours; each also votes for `decoys`. */
  async function paced(
    ring: number[],
    targets: number[][],
    decoys: (account: number, day: number) => number[],
    now: Date,
  ) {
    for (const [d, dayTargets] of targets.entries()) {
      const dayStart = now.getTime() - (targets.length - d) * DAY + 2 * HOUR;
      for (const [i, id] of ring.entries()) {
        const net = `100.${70 + i}.${ring[0]! % 200}.0/24`;
        for (const [k, target] of dayTargets.entries())
          await vote(id, target, net, new Date(dayStart + k * 4 * HOUR + ((i * 37) % 180) * MINUTE));
        for (const [k, decoy] of decoys(i, d).entries())
          await vote(id, decoy, net, new Date(dayStart + 10 * HOUR + k * 97 * MINUTE + i * 13 * MINUTE));
      }
    }
  }

  it('holds a ring that votes two projects a day over three days, each account on its own network and old', async () => {
    const now = new Date();
    const ring = await accounts(
      6,
      (i) => `100.${70 + i}.1.0/24`,
      (i) => new Date(now.getTime() - (200 + i * 40) * DAY),
    );
    const targets = [];
    for (let d = 0; d < 3; d += 1) targets.push([(await buildProject(sql)).id, (await buildProject(sql)).id]);
    const others: number[] = [];
    for (let i = 0; i < 40; i += 1) others.push((await buildProject(sql)).id);
    await paced(ring, targets, (i, d) => [others[(i * 7 + d * 3) % 40]!, others[(i * 11 + d * 5 + 1) % 40]!], now);
    const filed = await scan(now);
    expect(filed.map((c) => [c.signal, c.accountIds])).toEqual([['sameVotes', ring]]);
  });

  it('holds a ring hidden among honest votes: old accounts on many networks, half their votes for popular projects', async () => {
    const now = new Date();
    const ring = await accounts(
      5,
      (i) => `100.${80 + i}.2.0/24`,
      (i) => new Date(now.getTime() - (300 + i * 20) * DAY),
    );
    const targets = [[(await buildProject(sql)).id, (await buildProject(sql)).id, (await buildProject(sql)).id]];
    const popular: number[] = [];
    for (let i = 0; i < 6; i += 1) popular.push((await buildProject(sql)).id);
    // Honest members vote for three of the popular projects each, at any hour of the last three days.
    const honest = await accounts(
      30,
      (i) => `172.20.${i}.0/24`,
      (i) => new Date(now.getTime() - (40 + i) * DAY),
    );
    for (const [i, id] of honest.entries())
      for (const [k, p] of popular.slice(i % 4, (i % 4) + 3).entries())
        await vote(id, p, `172.20.${i}.0/24`, new Date(now.getTime() - ((i * 211 + k * 1013) % (3 * 1440)) * MINUTE));
    await paced(ring, targets, (i) => popular.slice(i % 4, (i % 4) + 3), now);
    const filed = await scan(now);
    expect(filed.map((c) => [c.signal, c.accountIds])).toEqual([['sameVotes', ring]]);
  });

  it('leaves three friends who vote for the same projects together alone', async () => {
    const now = new Date();
    const friends = await accounts(
      3,
      (i) => `100.90.${i}.0/24`,
      (i) => new Date(now.getTime() - (100 + i) * DAY),
    );
    for (let d = 0; d < 4; d += 1) {
      const shared = (await buildProject(sql)).id;
      for (const [i, id] of friends.entries())
        await vote(id, shared, `100.90.${i}.0/24`, new Date(now.getTime() - (d + 1) * DAY + i * HOUR));
    }
    expect(await scan(now)).toEqual([]);
  });
});

describe('impression flooding', () => {
  it("50 fresh accounts of one host cannot push a rival's new project out of New & rising, and the scan holds them", async () => {
    // Only the rival is new: it is in every strip.
    await sql`UPDATE projects SET created_at = now() - interval '5 days'`;
    const rival = (await buildProject(sql)).id;
    const now = new Date(Date.now() + 1_000);
    const flood = await accounts(50, '192.0.2.0/24', (i) => new Date(now.getTime() - HOUR + i * 1_000));
    const impressions = makeImpressionQueries(sql);
    for (const [i, id] of flood.entries()) {
      const visitor = {
        key: `u:${id}`,
        userId: id,
        network: '192.0.2.0/24',
        now: new Date(now.getTime() + i * 3_000),
      };
      expect(await impressions.countImpressions(visitor, [rival], 12)).toBe(1);
    }
    const [row] = await sql<
      { weight: number }[]
    >`SELECT sum(weight)::float8 AS weight FROM project_impressions WHERE project_id = ${rival}`;
    expect(row!.weight).toBe(1);
    expect(row!.weight).toBeLessThan(RISING_MAX_IMPRESSIONS);
    const visitor = {
      key: 'ip:198.18.0.1',
      userId: null,
      network: '198.18.0.0/24',
      now: new Date(now.getTime() + 3 * MINUTE),
    };
    expect((await impressions.listStrip(visitor, { userId: null, ip: '198.18.0.1' }, 12)).map((p) => p.id)).toContain(
      rival,
    );

    const filed = await scan(new Date(now.getTime() + 3 * MINUTE));
    expect(filed.map((c) => [c.signal, c.accountIds])).toEqual([['impressions', flood]]);
    const [held] = await sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM project_impressions WHERE project_id = ${rival} AND cluster_id IS NOT NULL`;
    expect(held!.n).toBe(50);
  });
});
