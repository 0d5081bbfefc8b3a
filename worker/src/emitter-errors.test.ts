import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { sampleValue } from '@vitrine/runtime/metrics-text';
import { cuttableProxy, type CuttableProxy } from '@vitrine/runtime/testing-proxy';
import { startWorker, type RunningWorker } from './index';
import { waitFor, workerTestConfig } from './testing';

/**
 * Every emitter of a worker that reaches Redis (docs/operations.md "Failures"): its connection, the
 * live-push connection, and each queue's Queue and Worker.
 */
const REDIS_SOURCES = [
  'redis:worker',
  'redis:worker-live',
  ...['events', 'tasks', 'emails', 'liveness', 'webhooks'].flatMap((name) => [`queue:${name}`, `worker:${name}`]),
];

/** How long a Redis cut may take to reach every connection, and Redis to be back after it. */
const OUTAGE_TIMEOUT_MS = 20_000;

describe('a worker whose emitters fail', () => {
  let proxy: CuttableProxy;
  let worker: RunningWorker;
  beforeAll(async () => {
    proxy = await cuttableProxy(inject('redisUrl'));
    worker = await startWorker(workerTestConfig({ redisUrl: proxy.url, workerMetricsPort: 0 }), { schedulers: false });
  });
  afterAll(async () => {
    await worker?.close();
    await proxy?.close();
  });

  /** The worker's scrape. */
  const scrape = async () => (await fetch(worker.metricsUrl!)).text();
  const counted = (text: string, source: string) => sampleValue(text, 'vitrine_emitter_errors_total', { source }) ?? 0;

  it('counts the errors of every connection, queue and worker while Redis is cut, and takes jobs again after', async () => {
    const before = await scrape();
    await proxy.cut();
    try {
      for (const source of REDIS_SOURCES)
        await waitFor(
          `an error counted for ${source}`,
          async () => counted(await scrape(), source) > counted(before, source),
          OUTAGE_TIMEOUT_MS,
        );
      // Degraded, not dead: not ready for jobs, and its metrics (the counts above) still answer.
      expect(worker.ready()).toBe(false);
    } finally {
      await proxy.restore();
    }
    await waitFor('the worker ready again', async () => worker.ready(), OUTAGE_TIMEOUT_MS);
    // It still runs jobs: a malformed event fails for good, and its queue's failed count moves.
    const failed = (text: string) =>
      sampleValue(text, 'vitrine_job_duration_seconds_count', { queue: 'events', outcome: 'failed' }) ?? 0;
    const failedBefore = failed(await scrape());
    await worker.queues.events.add('vote.created', { id: 1, nonsense: true });
    await waitFor('the job to run', async () => failed(await scrape()) > failedBefore, OUTAGE_TIMEOUT_MS);
  }, 120_000);
});
