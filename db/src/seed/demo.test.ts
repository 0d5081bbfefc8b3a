import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql, type Sql } from '../sql';
import { createTestDatabase } from '../testing';
import { DEMO_RINGS, seedDemo } from './demo';
import { CATEGORIES } from '@vitrine/domain/constants';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: Sql;
beforeAll(async () => {
  db = await createTestDatabase('vitrine_seed');
  sql = createSql(db.url, { max: 2 });
});
afterAll(async () => {
  await sql.end();
  await db.drop();
});

describe('seedDemo', () => {
  it('fills an empty database so every list has data, with counters equal to the rows they count', async () => {
    expect(await seedDemo(sql)).toBe(true);
    const [users] =
      await sql`SELECT count(*) FILTER (WHERE role = 'developer')::int AS dev, count(*) FILTER (WHERE role = 'tester')::int AS tester, count(*) FILTER (WHERE role = 'both')::int AS both FROM users`;
    expect(users!.dev).toBeGreaterThanOrEqual(10);
    expect(users!.tester).toBeGreaterThanOrEqual(10);
    expect(users!.both).toBeGreaterThanOrEqual(10);
    const categories = await sql`SELECT DISTINCT category FROM projects`;
    expect(categories.map((c) => c.category).sort()).toEqual([...CATEGORIES].sort());
    const [counts] =
      await sql`SELECT count(*)::int AS projects, (SELECT count(*)::int FROM votes) AS votes, (SELECT count(*)::int FROM ratings) AS ratings,
      (SELECT count(*)::int FROM reports) AS reports, (SELECT count(*)::int FROM contact_messages) AS messages FROM projects`;
    expect(counts!.projects).toBeGreaterThanOrEqual(40);
    expect(counts!.votes).toBeGreaterThan(100);
    expect(counts!.ratings).toBeGreaterThan(50);
    expect(counts!.reports).toBeGreaterThan(0);
    expect(counts!.messages).toBeGreaterThan(0);
    const drift =
      await sql`SELECT id FROM projects p WHERE votes <> (SELECT count(*) FROM votes v WHERE v.project_id = p.id)
      OR total_ratings <> (SELECT count(*) FROM ratings r WHERE r.project_id = p.id)
      OR abs(weighted_votes - (SELECT coalesce(sum(weight), 0) FROM votes v WHERE v.project_id = p.id)) > 1e-9`;
    expect(drift).toHaveLength(0);
    const [span] = await sql`SELECT extract(day FROM now() - min(created_at))::int AS days FROM votes`;
    expect(span!.days).toBeGreaterThan(30);
  });

  it("files each of the demo's vote rings for review: its accounts' votes held at weight 0 in an open cluster", async () => {
    const clusters = await sql<{ id: number; status: string; signal: string; network: string }[]>`
      SELECT id, status, signal, evidence->'networks'->>0 AS network FROM integrity_clusters`;
    expect(clusters).toHaveLength(DEMO_RINGS.length);
    for (const ring of DEMO_RINGS) {
      const cluster = clusters.find((c) => c.network === ring.network);
      expect(cluster).toMatchObject({ status: 'open', signal: 'network' });
      const held = await sql<{ username: string; weight: number }[]>`
        SELECT u.username, v.weight FROM votes v JOIN users u ON u.id = v.user_id
        WHERE v.cluster_id = ${cluster!.id} ORDER BY u.username`;
      expect(held).toHaveLength(ring.usernames.length * 2);
      expect([...new Set(held.map((v) => v.username))]).toEqual(ring.usernames);
      expect(held.every((v) => v.weight === 0)).toBe(true);
    }
  });

  it('does nothing when projects exist', async () => {
    expect(await seedDemo(sql)).toBe(false);
  });
});
