import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { captureLogger } from './log-capture';
import { setRootLogger } from './logger';
import { emitterErrors, handleErrors, listenOn, redisErrors, serveMetrics, metricsRegistry } from './metrics';
import { sampleValue } from './metrics-text';
import { duplicateRedis, openRedis } from './redis';

const capture = captureLogger();
beforeAll(() => setRootLogger(capture.logger));

/** vitrine_emitter_errors_total{source} now. */
async function counted(source: string): Promise<number> {
  const values = (await emitterErrors.get()).values;
  return values.find((value) => value.labels.source === source)?.value ?? 0;
}

/** The emitter lines logged for `source`. */
const logged = (source: string) =>
  capture.lines().filter((line) => line.component === 'emitter' && line.source === source);

describe('handleErrors', () => {
  it('counts every error event, logs the first at once and not each of a burst, and the emitter lives on', async () => {
    const emitter = new EventEmitter();
    handleErrors(emitter, 'test-burst');
    for (let i = 0; i < 5; i += 1) emitter.emit('error', new Error(`failure ${i}`));
    expect(await counted('test-burst')).toBe(5);
    const lines = logged('test-burst');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, unlogged: 0, err: { message: 'failure 0' } });
    // An emitter without the listener throws where the error is emitted (in a timer or a socket's
    // callback: the end of the process).
    expect(() => new EventEmitter().emit('error', new Error('unhandled'))).toThrow('unhandled');
  });

  it('neither counts nor logs what `ignore` names, and hands errors to `report` in place of the log', async () => {
    const emitter = new EventEmitter();
    const reported: unknown[] = [];
    handleErrors(emitter, 'test-report', {
      ignore: (err) => (err as Error).message === 'benign',
      report: (err) => reported.push(err),
    });
    emitter.emit('error', new Error('benign'));
    emitter.emit('error', new Error('real'));
    expect(await counted('test-report')).toBe(1);
    expect(reported).toHaveLength(1);
    expect(logged('test-report')).toHaveLength(0);
  });
});

describe('the metrics listener', () => {
  it('counts an error event (a failed accept) and keeps answering /metrics', async () => {
    const metrics = await serveMetrics('127.0.0.1', 0);
    try {
      metrics.server.emit('error', Object.assign(new Error('accept EMFILE'), { code: 'EMFILE', syscall: 'accept' }));
      const res = await fetch(metrics.url);
      expect(res.status).toBe(200);
      expect(sampleValue(await res.text(), 'vitrine_emitter_errors_total', { source: 'metrics' })).toBe(1);
      expect(logged('metrics')).toHaveLength(1);
    } finally {
      await metrics.close();
    }
  });

  it('fails its start when the port is taken, instead of an unhandled error event', async () => {
    const taken = createServer();
    await listenOn(taken, 0, '127.0.0.1');
    const { port } = taken.address() as { port: number };
    try {
      await expect(serveMetrics('127.0.0.1', port, metricsRegistry)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('Redis connections', () => {
  const config = { redisUrl: inject('redisUrl'), redisSentinel: null };
  const base = openRedis(config, { name: 'test-base' });
  afterAll(() => base.disconnect());

  it('a duplicate counts its errors under its own name, logs, and keeps answering', async () => {
    const copy = duplicateRedis(base, 'test-copy', { maxRetriesPerRequest: null });
    try {
      copy.emit('error', new Error('connect ECONNREFUSED'));
      expect(await counted('redis:test-copy')).toBe(1);
      const byConnection = (await redisErrors.get()).values.find((value) => value.labels.connection === 'test-copy');
      expect(byConnection?.value).toBe(1);
      expect(capture.lines().some((line) => line.component === 'redis' && line.connection === 'test-copy')).toBe(true);
      expect(await copy.ping()).toBe('PONG');
    } finally {
      copy.disconnect();
    }
  });
});
