import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedis } from '@vitrine/runtime/redis';
import { createPageStatsRecorder, statsDay } from '@vitrine/runtime/page-stats';
import { createSql, type Sql } from '@vitrine/db/sql';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { startWorker, type RunningWorker } from '../index';
import { JOB } from '../job-names';
import { waitFor, workerTestConfig } from '../testing';

/** The fold-stats job run by the worker: the api's counters of today become the project's daily row. */
describe('fold-stats', () => {
  const config = workerTestConfig();
  let worker: RunningWorker;
  let sql: Sql;
  const redis = openRedis(config, { name: 'fold-stats-test' });
  beforeAll(async () => {
    worker = await startWorker(config, { schedulers: false });
    sql = createSql(config.databaseUrl, { max: 1 });
  });
  afterAll(async () => {
    await worker.close();
    await sql.end();
    redis.disconnect();
  });

  it("folds today's views, visitors, sources and clicks, and again after more views, never twice", async () => {
    const owner = await buildUser(sql);
    const project = await buildProject(sql, { userId: owner.id });
    const stats = createPageStatsRecorder(redis, config.redisPrefix);
    const visitor = { addressKey: '203.0.113.7', userAgent: 'test-browser/1.0' };
    await stats.recordView({ projectId: project.id, viewer: visitor, source: 'news.example' });
    await stats.recordView({ projectId: project.id, viewer: visitor, source: 'news.example' });
    await stats.recordView({ projectId: project.id, viewer: { userId: owner.id }, source: '(direct)' });
    await stats.recordClick({ projectId: project.id });
    const row = () =>
      sql<{ views: number; visitors: number; clicks: number; referrers: string }[]>`
        SELECT views, visitors, clicks, referrers::text FROM project_daily_stats
        WHERE project_id = ${project.id} AND day = ${statsDay(new Date())}::date`.then((rows) => rows[0]);

    await worker.queues.tasks.add(JOB.foldStats, { voteDays: 2 });
    const first = await waitFor('the folded row', row);
    expect(first).toMatchObject({ views: 3, visitors: 2, clicks: 1 });
    expect(JSON.parse(first.referrers)).toEqual({ '(direct)': 1, 'news.example': 2 });

    await stats.recordView({ projectId: project.id, viewer: visitor, source: 'news.example' });
    await worker.queues.tasks.add(JOB.foldStats, { voteDays: 2 });
    await waitFor('the next fold', async () => (await row())?.views === 4);
    await worker.queues.tasks.add(JOB.foldStats, { voteDays: 2 });
    await worker.queues.tasks.add(JOB.foldStats, {});
    await waitFor(
      'the queue drained',
      async () => (await worker.queues.tasks.getJobCounts('waiting', 'active')).waiting === 0,
    );
    expect(await row()).toMatchObject({ views: 4, visitors: 2, clicks: 1 });
  });
});
