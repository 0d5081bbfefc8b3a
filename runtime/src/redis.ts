import { Redis, type RedisOptions } from 'ioredis';
import type { Config } from './config';
import { loggerFor } from './logger';
import { handleErrors, redisErrors } from './metrics';

/** What a caller may choose about one connection; everything else is the deployment's (openRedis). */
export interface RedisConnectionOptions {
  /** The connection's name (CLIENT LIST, the redis error metric, logs). */
  name: string;
  /**
   * Retries of a command across reconnections before it fails: the api's default 1 fails fast while
   * Redis is down; BullMQ's workers and blocking connections need null (retry forever).
   */
  maxRetriesPerRequest?: number | null;
  /** Queue commands while disconnected (default true); the publisher turns it off to fail fast. */
  enableOfflineQueue?: boolean;
  /** Called on each error besides the metric (the default logs the first error of an outage). */
  onError?: (err: Error) => void;
  /** Called when the connection is ready again. */
  onReady?: () => void;
}

/**
 * How this deployment reaches Redis: `REDIS_URL` directly, or, with REDIS_SENTINELS and
 * REDIS_SENTINEL_NAME, through the sentinels, which name the current primary (its user, password
 * and database number still come from REDIS_URL). Under Sentinel:
 * - `failoverDetector` listens to the sentinels' `+switch-master` and reconnects at once when they
 *   promote a replica, instead of waiting for the old primary's connections to drop;
 * - a command refused with READONLY (it reached the old primary just after it became a replica)
 *   reconnects, asks the sentinels again and is sent again.
 */
export function redisTarget(config: Pick<Config, 'redisUrl' | 'redisSentinel'>): {
  url?: string;
  options: RedisOptions;
} {
  if (!config.redisSentinel) return { url: config.redisUrl, options: {} };
  const url = new URL(config.redisUrl);
  const db = Number(url.pathname.replace(/^\//, '') || 0);
  return {
    options: {
      sentinels: config.redisSentinel.sentinels,
      name: config.redisSentinel.name,
      role: 'master',
      failoverDetector: true,
      ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
      ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
      ...(Number.isSafeInteger(db) && db > 0 ? { db } : {}),
      reconnectOnError: (err: Error) => (err.message.startsWith('READONLY') ? 2 : false),
    },
  };
}

/**
 * Opens one Redis connection of this deployment (sessions, limits, cache, Socket.IO, BullMQ, in the api
 * and the worker): the one place that knows about Sentinel (redisTarget). Every connection has an error
 * listener (watchRedis). `duplicate()` of it keeps the same target but none of its listeners: open a
 * second connection with duplicateRedis.
 */
export function openRedis(config: Pick<Config, 'redisUrl' | 'redisSentinel'>, options: RedisConnectionOptions): Redis {
  const target = redisTarget(config);
  const settings: RedisOptions = {
    ...target.options,
    maxRetriesPerRequest: options.maxRetriesPerRequest === undefined ? 1 : options.maxRetriesPerRequest,
    connectionName: options.name,
    enableOfflineQueue: options.enableOfflineQueue ?? true,
  };
  const redis = target.url === undefined ? new Redis(settings) : new Redis(target.url, settings);
  watchRedis(redis, options);
  return redis;
}

/**
 * A second connection to `base`'s Redis, named `name` (CLIENT LIST, the metrics, logs), with
 * `overrides` of its settings and the same error listener as openRedis's (ioredis's `duplicate()`
 * copies no listener).
 */
export function duplicateRedis(
  base: Redis,
  name: string,
  overrides: Omit<RedisOptions, 'connectionName'> = {},
  options: Pick<RedisConnectionOptions, 'onError' | 'onReady'> = {},
): Redis {
  const redis = base.duplicate({ ...overrides, connectionName: name });
  watchRedis(redis, { ...options, name });
  return redis;
}

/**
 * The error listener of every Redis connection (an unhandled 'error' would crash the process):
 * counts each error in vitrine_redis_errors_total{connection} and vitrine_emitter_errors_total
 * (source `redis:<name>`) and, unless `onError` is given, logs the first error of an outage.
 */
function watchRedis(redis: Redis, options: Pick<RedisConnectionOptions, 'name' | 'onError' | 'onReady'>): void {
  let warned = false;
  handleErrors(redis, `redis:${options.name}`, {
    report(err) {
      redisErrors.inc({ connection: options.name });
      if (options.onError) options.onError(err as Error);
      else if (!warned)
        loggerFor('redis').error({ connection: options.name, err: (err as Error).message }, 'redis error');
      warned = true;
    },
  });
  redis.on('ready', () => {
    warned = false;
    options.onReady?.();
  });
}
