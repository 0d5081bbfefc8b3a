import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { loadConfig } from '@vitrine/runtime/config';
import { captureLogger } from '@vitrine/runtime/log-capture';
import { setRootLogger } from '@vitrine/runtime/logger';
import { sampleValue } from '@vitrine/runtime/metrics-text';
import { cuttableProxy, type CuttableProxy } from '@vitrine/runtime/testing-proxy';
import { startApi, type RunningApi } from './server';

/**
 * Every emitter of an api node that reaches Redis (docs/operations.md "Failures"): its main connection,
 * the publisher's connection and events queue, the stale-reads subscriber, Socket.IO's adapter pair and
 * the queue board's queues.
 */
const REDIS_SOURCES = [
  'redis:api',
  'redis:publisher',
  'redis:stale-reads',
  'redis:io-pub',
  'redis:io-sub',
  'queue:events',
  'queue-board:events',
  'queue-board:tasks',
  'queue-board:emails',
  'queue-board:liveness',
];

/** How long a Redis cut may take to reach every connection, and Redis to be back after it. */
const OUTAGE_TIMEOUT_MS = 20_000;

/** Polls `check` every 50 ms until it holds; throws naming `what` after `timeoutMs`. */
async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('an api node whose emitters fail', () => {
  const capture = captureLogger('api');
  let proxy: CuttableProxy;
  let api: RunningApi;
  beforeAll(async () => {
    setRootLogger(capture.logger);
    proxy = await cuttableProxy(inject('redisUrl'));
    api = await startApi({
      ...loadConfig({ NODE_ENV: 'test' }),
      databaseUrl: inject('databaseUrl'),
      redisUrl: proxy.url,
      redisPrefix: `${inject('redisPrefix')}${randomBytes(3).toString('hex')}:`,
      port: 0,
      metricsPort: 0,
    });
  });
  /** Rejections no code handled while the file ran (each one ends a real process). */
  const unhandled: unknown[] = [];
  const collect = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', collect);
  let closed = false;
  afterAll(async () => {
    process.off('unhandledRejection', collect);
    if (!closed) await api?.close();
    await proxy?.close();
  });

  /** vitrine_emitter_errors_total{source} on the node's metrics listener. */
  const counted = async (source: string) => {
    const text = await (await fetch(api.metricsUrl!)).text();
    return sampleValue(text, 'vitrine_emitter_errors_total', { source }) ?? 0;
  };

  it('counts and logs a failed accept on its HTTP server, and keeps answering', async () => {
    const before = await counted('http');
    api.server.emit('error', Object.assign(new Error('accept EMFILE'), { code: 'EMFILE', syscall: 'accept' }));
    expect(await counted('http')).toBe(before + 1);
    expect(capture.lines().some((line) => line.component === 'emitter' && line.source === 'http')).toBe(true);
    expect((await fetch(`${api.url}/api/health/live`)).status).toBe(200);
  });

  it('counts the errors of every Redis connection and queue while Redis is cut, keeps serving, and recovers', async () => {
    const before = new Map<string, number>();
    for (const source of REDIS_SOURCES) before.set(source, await counted(source));
    await proxy.cut();
    try {
      for (const source of REDIS_SOURCES)
        await waitFor(
          `an error counted for ${source}`,
          async () => (await counted(source)) > before.get(source)!,
          OUTAGE_TIMEOUT_MS,
        );
      // Degraded, not dead: liveness answers, readiness says Redis is away.
      expect((await fetch(`${api.url}/api/health/live`)).status).toBe(200);
      const ready = await fetch(`${api.url}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ redis: expect.not.stringMatching(/^ok$/) });
    } finally {
      await proxy.restore();
    }
    await waitFor(
      'the node ready again',
      async () => (await fetch(`${api.url}/api/health/ready`)).status === 200,
      OUTAGE_TIMEOUT_MS,
    );
  }, 120_000);

  it('drains while Redis hangs, leaving no rejection unhandled', async () => {
    // The adapter's unsubscribe at the drain then gets no answer before its connection is closed.
    proxy.freeze();
    await api.close();
    closed = true;
    // The closed connections end once Redis's side goes; rejections are reported a turn after theirs.
    await proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhandled).toEqual([]);
  });
});
