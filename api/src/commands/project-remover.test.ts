import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { buildProject } from '@vitrine/db/testing';
import { makeRankingQueries } from '@vitrine/db/queries/rankings';
import { endpoints } from '@vitrine/domain/endpoints';
import { callLoosely, makeTestApp, type TestApp } from '../testing';

/**
 * Deleting a project while a ranking recompute rewrote leaderboard_entries answered 500
 * (SQLSTATE 40P01). The delete's cascade waits for the board row the recompute deleted; the
 * recompute's insert of that row checks the project row the delete holds: a deadlock, and PostgreSQL
 * aborts one side. The aborted transaction now runs again (commit / swap, db/src/retry.ts).
 */
let t: TestApp;
let admin: TestAgent;
beforeAll(async () => {
  t = await makeTestApp();
  admin = (await t.member({ isAdmin: true })).agent;
});
afterAll(async () => {
  await t.close();
});

/** Waits until a backend of this database waits for a lock in a statement starting with `statement`. */
async function untilWaiting(statement: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const [row] = await t.deps.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE ${`${statement}%`}`;
    if (row!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no backend ever waited in ${statement}`);
}

describe('DELETE /api/admin/projects/{id} during a leaderboard recompute', () => {
  it('answers 204, not 500, when PostgreSQL aborts the delete as a deadlock (the transaction runs again)', async () => {
    const project = await buildProject(t.deps.sql);
    const range = 'month';
    await t.deps
      .sql`INSERT INTO leaderboard_entries (time_range, project_id, votes, rating_bound, created_at) VALUES (${range}, ${project.id}, 0, 0, now())`;

    let deleting: Promise<{ status: number; body: unknown }> | undefined;
    // A swap's two halves by hand (without its advisory lock, which the delete now waits for first), so
    // the delete reaches the deadlock and the retry in commit is what saves it.
    const swap = t.deps.sql
      .begin(async (tx) => {
        await tx`DELETE FROM leaderboard_entries WHERE time_range = ${range} AND project_id = ${project.id}`;
        deleting = callLoosely(admin, endpoints.admin.removeProject, { params: { id: project.id } }).then((res) => ({
          status: res.status,
          body: res.body,
        }));
        await untilWaiting('DELETE FROM projects');
        await tx`INSERT INTO leaderboard_entries (time_range, project_id, votes, rating_bound, created_at) VALUES (${range}, ${project.id}, 0, 0, now())`;
      })
      .then(
        () => 'committed',
        (err: { code?: string }) => err.code,
      );
    // Whichever side PostgreSQL aborted: the swap commits and the delete runs again after it, or the
    // swap lost and the delete went through.
    expect(['committed', '40P01']).toContain(await swap);
    const res = await deleting!;
    expect(res).toEqual({ status: 204, body: {} });
    const [left] = await t.deps.sql<{ n: number }[]>`
      SELECT (SELECT count(*) FROM projects WHERE id = ${project.id}) + (SELECT count(*) FROM leaderboard_entries WHERE project_id = ${project.id}) AS n`;
    expect(Number(left!.n)).toBe(0);
  });

  it('never answers 500 while real recomputes run beside many deletions (deletions wait for the swap locks)', async () => {
    const projects = await Promise.all(Array.from({ length: 8 }, () => buildProject(t.deps.sql, { votes: 3 })));
    const rankings = makeRankingQueries(t.deps.sql);
    await rankings.recomputeLeaderboard('all');
    const recomputes = Promise.all(Array.from({ length: 3 }, () => rankings.recomputeLeaderboard('all')));
    const statuses = await Promise.all(
      projects.map(
        async (p) => (await callLoosely(admin, endpoints.admin.removeProject, { params: { id: p.id } })).status,
      ),
    );
    await recomputes;
    expect(statuses.every((s) => s === 204)).toBe(true);
  });
});
