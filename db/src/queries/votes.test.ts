import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql, type Sql } from '../sql';
import { buildProject, buildUser, createTestDatabase } from '../testing';
import { makeVoteQueries, type Ballot } from './votes';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: Sql;

beforeAll(async () => {
  db = await createTestDatabase('vitrine_votes');
  sql = createSql(db.url, { max: 4 });
});

afterAll(async () => {
  await sql.end();
  await db.drop();
});

/** The vote.created payloads of a project, oldest first. */
async function eventVotes(projectId: number): Promise<number[]> {
  const rows = await sql<{ votes: number }[]>`
    SELECT (payload->>'votes')::int AS votes FROM events WHERE name = 'vote.created' AND (payload->>'projectId')::int = ${projectId} ORDER BY id`;
  return rows.map((r) => r.votes);
}

describe('castVotes: a group of votes in one statement', () => {
  it("counts each vote in ballot order, refuses repeats (also inside the group), projects the actor may not read and the owner's own", async () => {
    const owner = await buildUser(sql);
    const member = await buildUser(sql);
    const admin = await buildUser(sql, { isAdmin: true });
    const hot = await buildProject(sql, { votes: 0 });
    const other = await buildProject(sql, { votes: 0 });
    const hidden = await buildProject(sql, { userId: owner.id, isHidden: true });
    await sql`INSERT INTO votes (project_id, user_id, ip_address) VALUES (${other.id}, NULL, '198.51.100.9')`;
    await sql`UPDATE projects SET votes = 1 WHERE id = ${other.id}`;
    const visitor = (ip: string, projectId = hot.id): Ballot => ({ projectId, actor: null, ip });
    const ballots: Ballot[] = [
      visitor('198.51.100.1'),
      { projectId: hot.id, actor: { id: member.id, isAdmin: false }, ip: '198.51.100.1' },
      visitor('198.51.100.1'),
      visitor('198.51.100.9', other.id),
      visitor('198.51.100.2', other.id),
      visitor('198.51.100.3', hidden.id),
      { projectId: hidden.id, actor: { id: admin.id, isAdmin: true }, ip: '198.51.100.3' },
      visitor('198.51.100.4', 2_000_000_000),
      visitor('198.51.100.5'),
      { projectId: hidden.id, actor: { id: owner.id, isAdmin: false }, ip: '198.51.100.6' },
    ];
    const outcomes = await makeVoteQueries(sql).castVotes(ballots);
    expect(outcomes.map((o) => (o.outcome === 'counted' ? [o.project.id, o.project.votes] : o.outcome))).toEqual([
      [hot.id, 1],
      [hot.id, 2],
      'repeat',
      'repeat',
      [other.id, 2],
      'missing',
      [hidden.id, 1],
      'missing',
      [hot.id, 3],
      'own',
    ]);
    // Each counted vote names its own outbox row, which holds the count that vote made.
    const counted = outcomes.flatMap((o) => (o.outcome === 'counted' ? [o] : []));
    const written = await sql<{ id: string; projectId: number; votes: number }[]>`
      SELECT id, (payload->>'projectId')::int AS project_id, (payload->>'votes')::int AS votes
      FROM events WHERE id = ANY(${counted.map((o) => o.eventId)}::bigint[])`;
    const byId = new Map(written.map((e) => [Number(e.id), [e.projectId, e.votes]]));
    expect(counted.map((o) => byId.get(o.eventId))).toEqual(counted.map((o) => [o.project.id, o.project.votes]));
    expect(new Set(counted.map((o) => o.eventId)).size).toBe(5);
    expect(await eventVotes(hot.id)).toEqual([1, 2, 3]);
    const [row] = await sql<
      { votes: number; n: number }[]
    >`SELECT votes, (SELECT count(*)::int FROM votes WHERE project_id = ${hot.id}) AS n FROM projects WHERE id = ${hot.id}`;
    expect(row).toEqual({ votes: 3, n: 3 });
  });

  it('keeps counters equal to rows when groups of two connections hit the same projects at once', async () => {
    const projects = await Promise.all([buildProject(sql), buildProject(sql), buildProject(sql)]);
    const group = (n: number) =>
      Array.from({ length: 30 }, (_, i): Ballot => ({
        projectId: projects[(i + n) % 3]!.id,
        actor: null,
        ip: `203.0.113.${n * 30 + i}`,
      }));
    const results = await Promise.all([0, 1, 2, 3].map((n) => makeVoteQueries(sql).castVotes(group(n))));
    expect(results.flat().every((o) => o.outcome === 'counted')).toBe(true);
    const rows = await sql<{ votes: number; n: number }[]>`
      SELECT p.votes, (SELECT count(*)::int FROM votes v WHERE v.project_id = p.id) AS n FROM projects p WHERE p.id = ANY(${projects.map((p) => p.id)}) ORDER BY p.id`;
    expect(rows).toEqual([
      { votes: 40, n: 40 },
      { votes: 40, n: 40 },
      { votes: 40, n: 40 },
    ]);
  });
});
