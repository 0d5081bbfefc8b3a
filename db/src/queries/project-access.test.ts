import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql, type Sql } from '../sql';
import { buildProject, buildUser, createTestDatabase } from '../testing';
import { projectRead, readableProjectIds, type Actor } from './project-access';
import { makeVoteQueries } from './votes';
import { makeViewQueries } from './views';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: Sql;

beforeAll(async () => {
  db = await createTestDatabase('vitrine_project_access');
  sql = createSql(db.url, { max: 4 });
});

afterAll(async () => {
  await sql.end();
  await db.drop();
});

/** Every kind of actor and project the rule 'project.read' tells apart. */
async function cases() {
  const owner = await buildUser(sql);
  const pausedOwner = await buildUser(sql, { isPaused: true });
  const member = await buildUser(sql);
  const pausedMember = await buildUser(sql, { isPaused: true });
  const admin = await buildUser(sql, { isAdmin: true });
  const adminOwner = await buildUser(sql, { isAdmin: true });
  const as = (u: { id: number; isAdmin: boolean; isPaused: boolean }) => ({
    id: u.id,
    isAdmin: u.isAdmin,
    isPaused: u.isPaused,
  });
  const actors: Array<[string, Actor]> = [
    ['visitor', null],
    ['member', as(member)],
    ['paused member', as(pausedMember)],
    ['owner', as(owner)],
    ['paused owner', as(pausedOwner)],
    ['admin', as(admin)],
    ['admin who owns it', as(adminOwner)],
  ];
  const projects: Array<[string, { id: number; userId: number | null; isHidden: boolean }]> = [];
  for (const isHidden of [false, true]) {
    const state = isHidden ? 'hidden' : 'visible';
    for (const [label, userId] of [
      ['of the owner', owner.id],
      ['of the paused owner', pausedOwner.id],
      ['of the admin', adminOwner.id],
    ] as const) {
      const p = await buildProject(sql, { userId, isHidden });
      projects.push([`${state} ${label}`, { id: p.id, userId, isHidden }]);
    }
    // The owner deleted their account: nobody owns the project.
    const orphan = await buildProject(sql, { isHidden });
    await sql`UPDATE projects SET user_id = NULL WHERE id = ${orphan.id}`;
    projects.push([`${state} without an owner`, { id: orphan.id, userId: null, isHidden }]);
  }
  return { actors, projects };
}

describe("projectRead: the rule 'project.read' in TypeScript and in SQL", () => {
  it('answers the same in TypeScript, in SQL for one actor and in SQL with an actor per row, on every case', async () => {
    const { actors, projects } = await cases();
    const table: string[] = [];
    for (const [who, actor] of actors) {
      for (const [what, project] of projects) {
        const ts = projectRead.allows(actor, project);
        const [one] = await sql<{ ok: boolean }[]>`
          SELECT (${projectRead.sql(sql, actor)}) IS TRUE AS ok FROM projects p WHERE p.id = ${project.id}`;
        const [perRow] = await sql<{ ok: boolean }[]>`
          SELECT (${projectRead.sqlPerRow(sql, { project: 'p', actor: 'a' })}) IS TRUE AS ok
          FROM projects p, (SELECT ${actor?.id ?? null}::int AS user_id, ${actor?.isAdmin ?? false}::boolean AS is_admin) a
          WHERE p.id = ${project.id}`;
        expect({ who, what, sql: one!.ok, perRow: perRow!.ok }).toEqual({ who, what, sql: ts, perRow: ts });
        if (ts) table.push(`${who}: ${what}`);
      }
    }
    // The rule itself: visible projects to all, hidden ones to their owner and admins, paused or not.
    expect(table.filter((line) => line.includes('hidden'))).toEqual([
      'owner: hidden of the owner',
      'paused owner: hidden of the paused owner',
      'admin: hidden of the owner',
      'admin: hidden of the paused owner',
      'admin: hidden of the admin',
      'admin: hidden without an owner',
      'admin who owns it: hidden of the owner',
      'admin who owns it: hidden of the paused owner',
      'admin who owns it: hidden of the admin',
      'admin who owns it: hidden without an owner',
    ]);
    expect(table.filter((line) => line.includes('visible'))).toHaveLength(actors.length * (projects.length / 2));
  });

  it('is what readableProjectIds, recordView and castVotes decide with', async () => {
    const { actors, projects } = await cases();
    const ids = projects.map(([, p]) => p.id);
    for (const [who, actor] of actors) {
      const readable = new Set(await readableProjectIds(sql, ids, actor));
      const viewed: number[] = [];
      for (const [, project] of projects) {
        const view = await makeViewQueries(sql).recordView({ projectId: project.id, viewerKey: `test:${who}`, actor });
        if (view) viewed.push(project.id);
      }
      const outcomes = await makeVoteQueries(sql).castVotes(
        projects.map(([, project]) => ({ projectId: project.id, actor, ip: '198.51.100.7' })),
      );
      const voteReadable = ids.filter((_, i) => outcomes[i]!.outcome !== 'missing');
      const expected = projects.filter(([, p]) => projectRead.allows(actor, p)).map(([, p]) => p.id);
      expect({ who, ids: [...readable].sort((a, b) => a - b) }).toEqual({ who, ids: expected });
      expect({ who, ids: viewed }).toEqual({ who, ids: expected });
      expect({ who, ids: voteReadable }).toEqual({ who, ids: expected });
    }
  });
});
