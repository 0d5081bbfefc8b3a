import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '@vitrine/domain/events';
import { buildProject } from '@vitrine/db/testing';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeTestApp, type TestApp } from '../testing';
import { commit } from './commit';

let t: TestApp;
const published: StoredEvent[] = [];
beforeAll(async () => {
  t = await makeTestApp({}, (event) => {
    published.push(event);
  });
});
afterAll(async () => {
  await t.close();
});

const outbox = (projectId: number) =>
  t.deps.sql<
    { name: string; publishedAt: Date | null }[]
  >`SELECT name, published_at FROM events WHERE (payload->>'projectId')::int = ${projectId} ORDER BY id`;

describe('commit', () => {
  it('writes the emitted events with the rows, publishes them after the commit, and answers the work', async () => {
    const { id } = await buildProject(t.deps.sql);
    let seenInside = -1;
    const answer = await commit(t, async (tx, emit) => {
      await makeProjectQueries(tx).setHidden(id, true);
      emit({ name: 'project.hidden', projectId: id, hidden: true });
      emit({ name: 'project.updated', projectId: id });
      seenInside = published.filter((e) => 'projectId' in e && e.projectId === id).length;
      return 'done';
    });
    expect(answer).toBe('done');
    expect(seenInside).toBe(0);
    expect((await outbox(id)).map((e) => e.name)).toEqual(['project.hidden', 'project.updated']);
    const mine = published.filter((e) => 'projectId' in e && e.projectId === id);
    expect(mine.map((e) => e.name)).toEqual(['project.hidden', 'project.updated']);
    expect(mine.every((e) => Number.isSafeInteger(e.id))).toBe(true);
    expect((await outbox(id)).every((e) => e.publishedAt !== null)).toBe(true);
  });

  it('rolls the rows and the events back when the work throws, and publishes nothing', async () => {
    const { id } = await buildProject(t.deps.sql);
    await expect(
      commit(t, async (tx, emit) => {
        await makeProjectQueries(tx).setHidden(id, true);
        emit({ name: 'project.hidden', projectId: id, hidden: true });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await outbox(id)).toEqual([]);
    expect((await t.deps.sql`SELECT is_hidden FROM projects WHERE id = ${id}`)[0]).toEqual({ isHidden: false });
    expect(published.some((e) => 'projectId' in e && e.projectId === id)).toBe(false);
  });
});
