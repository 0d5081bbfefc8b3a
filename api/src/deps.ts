import { Redis } from 'ioredis';
import { createSql, REQUEST_STATEMENT_TIMEOUT_MS } from '@vitrine/db/sql';
import type { Config } from '@vitrine/runtime/config';
import { loggerFor } from '@vitrine/runtime/logger';
import { redisErrors } from '@vitrine/runtime/metrics';
import type { Deps } from './context';
import { connectSharedReads } from './cache/shared-reads';
import { createBallotBox } from './commands/ballot-box';
import { createRenderPool } from './public/render-pool';
import { createHeavyReads } from './heavy-reads';
import { createPublisher, type LiveEmitter } from '@vitrine/runtime/publisher';

/** Opens Redis with an error listener (an unhandled 'error' would crash the process). */
export function createRedis(url: string, options: { name?: string; maxRetriesPerRequest?: number | null } = {}): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: options.maxRetriesPerRequest === undefined ? 1 : options.maxRetriesPerRequest,
    connectionName: options.name,
    enableOfflineQueue: true,
  });
  let warned = false;
  redis.on('error', (err: Error) => {
    redisErrors.inc({ connection: options.name ?? 'redis' });
    if (!warned) loggerFor('redis').error({ connection: options.name, err: err.message }, 'redis error');
    warned = true;
  });
  redis.on('ready', () => {
    warned = false;
  });
  return redis;
}

/** Connections of the pool kept for readiness and sign-in (Deps.prioritySql). */
export const PRIORITY_POOL_SIZE = 2;

/**
 * Connects the real dependencies from configuration. Both pools cancel a statement after
 * REQUEST_STATEMENT_TIMEOUT_MS (docs/operations.md): the main one serves every request, the small
 * priority one only readiness and sign-in, so slow public reads holding every main connection never
 * starve them.
 */
export function createDeps(config: Config, live?: LiveEmitter): Deps & { close: () => Promise<void> } {
  const sql = createSql(config.databaseUrl, { statementTimeoutMs: REQUEST_STATEMENT_TIMEOUT_MS });
  const prioritySql = createSql(config.databaseUrl, {
    max: PRIORITY_POOL_SIZE,
    statementTimeoutMs: REQUEST_STATEMENT_TIMEOUT_MS,
    applicationName: 'vitrine-priority',
  });
  const redis = createRedis(config.redisUrl, { name: 'api' });
  const shared = connectSharedReads(redis, config.redisPrefix, (err) =>
    loggerFor('stale-reads').error({ err }, 'stale-read message failed'),
  );
  const publisher = createPublisher({ sql, connection: redis, prefix: config.redisPrefix, live: shared.live(live) });
  const renders = createRenderPool();
  return {
    config,
    sql,
    prioritySql,
    redis,
    publisher,
    sharedReads: shared.reads,
    ballotBox: createBallotBox({ sql, publisher }),
    renders,
    heavyReads: createHeavyReads(),
    async close() {
      shared.close();
      await renders.close();
      await publisher.close();
      redis.disconnect();
      await Promise.all([sql.end({ timeout: 5 }), prioritySql.end({ timeout: 5 })]);
    },
  };
}
