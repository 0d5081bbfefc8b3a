import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createSql, type Sql } from '../sql';
import { makeEventQueries } from './events';

let sql: Sql;
beforeAll(() => {
  sql = createSql(inject('databaseUrl'), { max: 2 });
});
afterAll(async () => {
  await sql.end();
});

describe('outbox queries', () => {
  it('records, lists unpublished, marks published and prunes only old published events', async () => {
    const outbox = makeEventQueries(sql);
    const [oldPublished, freshPublished, unpublished] = await outbox.recordEvents([
      { name: 'project.updated', projectId: 900_001 },
      { name: 'project.updated', projectId: 900_002 },
      { name: 'project.updated', projectId: 900_003 },
    ]);
    await outbox.markPublished([oldPublished!.id, freshPublished!.id]);
    await sql`UPDATE events SET published_at = now() - interval '8 days', created_at = now() - interval '8 days' WHERE id = ${oldPublished!.id}`;
    await sql`UPDATE events SET created_at = now() - interval '1 minute' WHERE id = ${unpublished!.id}`;

    const pending = await outbox.listUnpublished(10_000, 10_000);
    expect(pending.map((e) => e.id)).toContain(unpublished!.id);
    expect(pending.find((e) => e.id === unpublished!.id)).toEqual({
      id: unpublished!.id,
      name: 'project.updated',
      projectId: 900_003,
    });

    expect(await outbox.prunePublished(7 * 24 * 3600_000)).toBeGreaterThanOrEqual(1);
    const left =
      await sql`SELECT id FROM events WHERE id IN ${sql([oldPublished!.id, freshPublished!.id, unpublished!.id])} ORDER BY id`;
    expect(left.map((r) => Number(r.id))).toEqual([freshPublished!.id, unpublished!.id]);
  });
});
