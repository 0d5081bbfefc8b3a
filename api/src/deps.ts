import { createSql, REQUEST_STATEMENT_TIMEOUT_MS } from '@vitrine/db/sql';
import type { Config } from '@vitrine/runtime/config';
import { loggerFor } from '@vitrine/runtime/logger';
import { openRedis } from '@vitrine/runtime/redis';
import type { Deps } from './context';
import { connectSharedReads } from './cache/shared-reads';
import { createBallotBox } from './commands/ballot-box';
import { createRenderPool } from './public/render-pool';
import { createHeavyReads } from './heavy-reads';
import { createReadRouter } from './read-routing';
import { createMedia } from './media/processing';
import { createPublisher, type LiveEmitter } from '@vitrine/runtime/publisher';
import { createPageStatsRecorder } from '@vitrine/runtime/page-stats';

/** Connections of the pool kept for readiness and sign-in (Deps.prioritySql). */
export const PRIORITY_POOL_SIZE = 2;

/** What differs between a server's dependencies and a test app's (api/src/testing.ts). */
export interface DepsOptions {
  /** Where pushes go besides Socket.IO's Redis emitter (tests record them). */
  live?: LiveEmitter;
  /** Connections of the main pool (createSql's default when absent). */
  poolSize?: number;
  /** The Redis connection's name (in CLIENT LIST and the error metric). */
  redisName?: string;
  /** How a failed event publish is reported (the publisher logs it when absent). */
  publishLog?: (err: unknown) => void;
  renderOptions?: Parameters<typeof createRenderPool>[0];
}

/**
 * Connects the real dependencies from configuration. Both pools cancel a statement after
 * REQUEST_STATEMENT_TIMEOUT_MS (docs/operations.md): the main one serves every request, the small
 * priority one only readiness and sign-in, so slow public reads holding every main connection never
 * starve them. Tests build theirs here too, with `options`.
 */
export function createDeps(config: Config, options: DepsOptions = {}): Deps & { close: () => Promise<void> } {
  const sql = createSql(config.databaseUrl, {
    max: options.poolSize,
    statementTimeoutMs: REQUEST_STATEMENT_TIMEOUT_MS,
  });
  const prioritySql = createSql(config.databaseUrl, {
    max: PRIORITY_POOL_SIZE,
    statementTimeoutMs: REQUEST_STATEMENT_TIMEOUT_MS,
    applicationName: 'vitrine-priority',
  });
  const redis = openRedis(config, { name: options.redisName ?? 'api' });
  const reads = createReadRouter(sql, redis, config.redisPrefix, config.databaseReplica);
  const shared = connectSharedReads(redis, config.redisPrefix, (err) =>
    loggerFor('stale-reads').error({ err }, 'stale-read message failed'),
  );
  const publisher = createPublisher({
    sql,
    connection: redis,
    prefix: config.redisPrefix,
    live: shared.live(options.live),
    log: options.publishLog,
  });
  const renders = createRenderPool(options.renderOptions);
  return {
    config,
    sql,
    prioritySql,
    redis,
    publisher,
    sharedReads: shared.reads,
    reads,
    ballotBox: createBallotBox({ sql, publisher }),
    renders,
    heavyReads: createHeavyReads(),
    media: createMedia(config.media),
    pageStats: createPageStatsRecorder(redis, config.redisPrefix),
    async close() {
      shared.close();
      await renders.close();
      await publisher.close();
      await reads.close();
      redis.disconnect();
      await Promise.all([sql.end({ timeout: 5 }), prioritySql.end({ timeout: 5 })]);
    },
  };
}
