import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql, type Sql } from '@vitrine/db/sql';
import { makeEventQueries } from '@vitrine/db/queries/events';
import { hasSeries, sampleValue } from '@vitrine/runtime/metrics-text';
import { startWorker, type RunningWorker } from './index';
import { JOB } from './job-names';
import { waitFor, workerTestConfig } from './testing';

/** Scrapes the worker's metrics listener. */
async function scrape(worker: RunningWorker): Promise<string> {
  const res = await fetch(worker.metricsUrl!);
  expect(res.status).toBe(200);
  return res.text();
}

describe('worker metrics', () => {
  const config = workerTestConfig({ workerMetricsPort: 0 });
  let worker: RunningWorker;
  let sql: Sql;
  beforeAll(async () => {
    worker = await startWorker(config, { schedulers: false });
    sql = createSql(config.databaseUrl, { max: 1 });
    // The queue counts are read only while Redis is connected (a loaded machine connects later).
    await waitFor('the worker connected', async () => worker.ready());
  });
  afterAll(async () => {
    await worker.close();
    await sql.end();
  });

  it('serve the worker series on a loopback port of their own', async () => {
    expect(worker.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const text = await scrape(worker);
    for (const name of [
      'vitrine_job_duration_seconds',
      'vitrine_board_recompute_duration_seconds',
      'vitrine_mails_total',
      'vitrine_queue_jobs',
      'vitrine_outbox_backlog',
      'vitrine_outbox_oldest_age_seconds',
      'vitrine_redis_errors_total',
      'vitrine_nodejs_eventloop_lag_seconds',
      'vitrine_process_cpu_seconds_total',
    ])
      expect(hasSeries(text, name), name).toBe(true);
    expect(sampleValue(text, 'vitrine_queue_jobs', { queue: 'events', state: 'waiting' })).toBe(0);
  });

  it('change as jobs run and fail and events wait in the outbox', async () => {
    const before = await scrape(worker);
    const done = (text: string) =>
      sampleValue(text, 'vitrine_job_duration_seconds_count', {
        queue: 'tasks',
        name: JOB.recomputeTrending,
        outcome: 'completed',
      }) ?? 0;
    const recomputes = (text: string) =>
      sampleValue(text, 'vitrine_board_recompute_duration_seconds_count', { board: 'trending:today' }) ?? 0;
    await worker.queues.tasks.add(JOB.recomputeTrending, { period: 'today' });
    // A malformed event fails for good (UnrecoverableError): the failed count of its queue moves.
    await worker.queues.events.add('vote.created', { id: 1, nonsense: true });
    const [event] = await sql.begin((tx) =>
      makeEventQueries(tx).recordEvents([{ name: 'project.created', projectId: 1, userId: 1 }]),
    );
    const after = await waitFor('the jobs to finish', async () => {
      const text = await scrape(worker);
      const failed = sampleValue(text, 'vitrine_queue_jobs', { queue: 'events', state: 'failed' }) ?? 0;
      return done(text) > done(before) && failed > 0 ? text : null;
    });
    expect(recomputes(after)).toBeGreaterThan(recomputes(before));
    expect(
      sampleValue(after, 'vitrine_job_duration_seconds_count', { queue: 'events', outcome: 'failed' }),
    ).toBeGreaterThan(0);
    expect(sampleValue(after, 'vitrine_outbox_backlog')).toBeGreaterThanOrEqual(1);
    expect(sampleValue(after, 'vitrine_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    await makeEventQueries(sql).markPublished([event!.id]);
  });
});
