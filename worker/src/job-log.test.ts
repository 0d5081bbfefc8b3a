import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullPrefix } from '@vitrine/runtime/queues';
import { captureLogger } from '@vitrine/runtime/log-capture';
import { withRequestContext } from '@vitrine/runtime/request-context';
import { loggedProcessor, RequestIdQueue } from './job-log';
import { workerTestConfig } from './testing';
import { createSql } from '@vitrine/db/sql';
import type { WorkerContext } from './context';
import { IDLE } from './tasks/task';
import { RelayOutboxTask } from './tasks/relay-outbox-task';

describe('job logs', () => {
  const config = workerTestConfig();
  let connection: Redis;
  let queue: RequestIdQueue;
  let followUps: RequestIdQueue;
  beforeAll(() => {
    connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
    queue = new RequestIdQueue('log-test', { connection, prefix: bullPrefix(config.redisPrefix) });
    followUps = new RequestIdQueue('log-test-follow', { connection, prefix: bullPrefix(config.redisPrefix) });
  });
  afterAll(async () => {
    await queue.obliterate({ force: true });
    await followUps.obliterate({ force: true });
    await queue.close();
    await followUps.close();
    connection.disconnect();
  });

  it('gives jobs added during a request that request id', async () => {
    const added = await withRequestContext({ reqId: 'req-from-api' }, () => queue.add('first', { n: 1 }));
    expect(added.data).toEqual({ n: 1, reqId: 'req-from-api' });
    const plain = await queue.add('plain', { n: 2 });
    expect(plain.data).toEqual({ n: 2 });
  });

  it('logs name, id, attempt and duration with the job request id, which the jobs it adds inherit', async () => {
    const { logger, lines } = captureLogger('worker');
    const job = (await withRequestContext({ reqId: 'req-77' }, () => queue.add('send', { n: 3 })))!;
    const stored = (await queue.getJob(job.id!))!;
    const run = loggedProcessor(
      'log-test',
      async () => {
        logger.info('inside the job');
        await followUps.addBulk([{ name: 'next', data: { m: 1 } }]);
      },
      logger,
    );
    await run(stored);
    const [inside, done] = lines();
    expect(inside).toMatchObject({ msg: 'inside the job', reqId: 'req-77' });
    expect(done).toMatchObject({
      msg: 'job completed',
      reqId: 'req-77',
      queue: 'log-test',
      job: 'send',
      jobId: job.id,
      attempt: 1,
    });
    expect(typeof done!.durationMs).toBe('number');
    const [next] = await followUps.getJobs(['waiting']);
    expect(next?.data).toEqual({ m: 1, reqId: 'req-77' });

    const failing = loggedProcessor('log-test', () => Promise.reject(new Error('boom')), logger);
    await expect(failing(stored)).rejects.toThrow('boom');
    expect(lines().at(-1)).toMatchObject({ msg: 'job failed', reqId: 'req-77', job: 'send', level: 40 });
  });

  it('logs a job that found nothing to do at debug, so a recurring one stays out of the info log', async () => {
    const { logger, lines } = captureLogger('worker');
    const stored = (await queue.getJob((await queue.add('relay-outbox', {})).id!))!;
    await loggedProcessor('log-test', () => Promise.resolve(IDLE), logger)(stored);
    expect(lines().at(-1)).toMatchObject({ msg: 'job completed: nothing to do', job: 'relay-outbox', level: 20 });
    logger.level = 'info';
    const before = lines().length;
    await loggedProcessor('log-test', () => Promise.resolve(IDLE), logger)(stored);
    expect(lines()).toHaveLength(before);
    await loggedProcessor('log-test', () => Promise.resolve(), logger)(stored);
    expect(lines().at(-1)).toMatchObject({ msg: 'job completed', level: 30 });
  });

  it('the outbox relay answers IDLE when no event waits', async () => {
    const sql = createSql(config.databaseUrl, { max: 1 });
    try {
      // Events unpublished for a hundred years: none.
      const ctx = { sql, settings: { relayAfterMs: 100 * 365 * 24 * 3600_000 } } as unknown as WorkerContext;
      expect(await RelayOutboxTask.run(ctx, {})).toBe(IDLE);
    } finally {
      await sql.end();
    }
  });
});
