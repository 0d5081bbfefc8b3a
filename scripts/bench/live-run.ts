import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Sql } from '../../db/src/sql';
import { loadConfig } from '../../runtime/src/config';
import { startWorker } from '../../worker/src/index';
import { deleteRedisPrefix } from '../lib/redis-cleanup';
import { startApiChild } from './servers';
import { commentFanOut, followerFanOut } from './live';

/**
 * `npm run bench -- --only live`: the API (a child process, rate limits lifted as in every bench
 * case) and the worker (in this process, as scripts/e2e/server.ts runs it) on the bench's database
 * under a Redis prefix of their own, removed at the end; then the two live cases of live.ts, printed.
 */
export async function runLive(opts: {
  port: number;
  databaseUrl: string;
  redisUrl: string;
  sql: Sql;
  log: (line: string) => void;
}): Promise<void> {
  const { databaseUrl, redisUrl, sql, log } = opts;
  const redisPrefix = `vitrine-bench:${randomBytes(4).toString('hex')}:`;
  // Mails of the worker, if any, stay in a directory of this run's own.
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'vitrine-bench-outbox-'));
  let api: Awaited<ReturnType<typeof startApiChild>> | undefined;
  let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
  try {
    api = await startApiChild(opts.port, databaseUrl, redisUrl, redisPrefix);
    // The worker's job lines would bury the tables (runtime/src/logger.ts reads LOG_LEVEL); set after
    // the API child started, which says it listens at the info level.
    process.env.LOG_LEVEL ??= 'warn';
    worker = await startWorker(
      loadConfig({
        ...process.env,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: redisPrefix,
        SITE_URL: api.url,
        MAIL_OUTBOX_DIR: outboxDir,
        SEED_DEMO: 'false',
      }),
    );
    log(`API on ${api.url} and a worker, Redis prefix ${redisPrefix}`);

    const comments = await commentFanOut({ apiUrl: api.url, sql, log });
    console.log('comment:created to the watching sockets, per comment (delays from the POST sent):');
    console.table(comments.perComment);
    console.table(comments.summary);

    const followers = await followerFanOut({ apiUrl: api.url, sql, log });
    console.log('a new project to the maker’s followers:');
    console.table(followers.table);

    console.table([comments.target, followers.target]);
  } finally {
    await worker?.close();
    await api?.stop();
    await deleteRedisPrefix(redisUrl, redisPrefix);
    rmSync(outboxDir, { recursive: true, force: true });
  }
}
