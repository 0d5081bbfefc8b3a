import type { Redis } from 'ioredis';
import { createSql, REQUEST_STATEMENT_TIMEOUT_MS, type Sql } from '@vitrine/db/sql';
import { isDatabaseUnavailable } from '@vitrine/db/unavailable';
import type { ReplicaSettings } from '@vitrine/runtime/config';
import { loggerFor } from '@vitrine/runtime/logger';
import { readRoutes } from './metrics';

/**
 * Where public reads run (docs/operations.md "Read replica"). Without DATABASE_REPLICA_URL every read
 * runs on the primary. With it, a public read (lists, a project's page, feeds) runs on the replica when:
 * - the replica answered its last check as a replica (`pg_is_in_recovery()`), and
 * - it had replayed, at that check, everything the primary had written DATABASE_REPLICA_MAX_LAG_MS ago
 *   or earlier (the lag bound), and
 * - the member reading has no write the replica has not replayed (read-your-writes: after a member's
 *   write the primary's WAL position is kept in Redis for a while, and their reads go to the primary
 *   until the replica's replay position has passed it).
 * Otherwise, or when the replica fails the read (down, restarting), the read runs on the primary: a
 * replica never makes a request fail. The replica is asked how far it has replayed at most every
 * DATABASE_REPLICA_CHECK_MS, by the first read after that, never per query; reads meanwhile use the
 * last answer, which only errs towards the primary (an older answer means a smaller replayed position).
 */
export interface ReadRouter {
  /** Whether a replica is configured (else `run` is `read(primary)`). */
  readonly replicated: boolean;
  /** Runs the public read `read` for `reader` (a member's id; null: a visitor) where it may run (see `track`). */
  run<T>(read: (sql: Sql) => Promise<T>, options?: { reader?: number | null }): Promise<T>;
  /**
   * The same, and how recent the answer is: `upTo` (ms, this node's clock) is a moment up to which it
   * saw every commit of the primary (Infinity from the primary). The shared-read cache keeps an answer
   * only when it is as recent as its last invalidation (cache/http.ts).
   */
  track<T>(read: (sql: Sql) => Promise<T>, options?: { reader?: number | null }): Promise<{ value: T; upTo: number }>;
  /** Whether `userId` wrote something the replica has not replayed yet (false without a replica). */
  hasPendingWrite(userId: number | null): Promise<boolean>;
  /** Records that `userId` just wrote (after the commit): their reads go to the primary until it is replayed. */
  noteWrite(userId: number): Promise<void>;
  close(): Promise<void>;
}

/** A WAL position ('16/B374D848') as a number that orders like the position. */
export function parseLsn(text: string): bigint {
  const [hi, lo] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`);
}

/** A replica's query cancelled because replay had to remove rows it read (SQLSTATE 40001 on a standby). */
function isRecoveryConflict(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '40001';
}

/** Connections of the replica's pool (reads only; the primary's main pool keeps its size). */
const REPLICA_POOL_SIZE = 10;
/** The Redis key of a member's last write position. */
const writeKey = (prefix: string, userId: number) => `${prefix}read-after-write:${userId}`;
/**
 * How long a member's write position is kept: once it is older than the lag bound, a replica that
 * has not replayed it is past the bound and every read goes to the primary anyway; twice the bound
 * plus a margin covers a check made just before the write and clocks of other nodes.
 */
const writeMarkTtlMs = (maxLagMs: number) => 2 * maxLagMs + 10_000;

/** The primary's WAL position at a moment of this node's clock. */
interface Sample {
  at: number;
  lsn: bigint;
}

/** What the last check found. */
interface ReplicaState {
  /** Answers as a replica. */
  up: boolean;
  /** False until the first check has answered. */
  known: boolean;
  /** Replay position at the check (null when down). */
  replayed: bigint | null;
  /** The latest moment (this node's clock) at which the primary had nothing the replica has not replayed. */
  caughtUpTo: number;
}

/** Only the primary: what every deployment without DATABASE_REPLICA_URL gets. */
export function primaryOnlyReads(primary: Sql): ReadRouter {
  return {
    replicated: false,
    run: (read) => read(primary),
    track: async (read) => ({ value: await read(primary), upTo: Infinity }),
    hasPendingWrite: async () => false,
    noteWrite: async () => {},
    close: async () => {},
  };
}

/** The router of a deployment with a replica (see ReadRouter); `replica` is its own pool. */
export function replicatedReads(opts: {
  primary: Sql;
  replica: Sql;
  redis: Redis;
  prefix: string;
  settings: Pick<ReplicaSettings, 'maxLagMs' | 'checkMs'>;
  now?: () => number;
}): ReadRouter {
  const { primary, replica, redis, prefix, settings } = opts;
  const now = opts.now ?? Date.now;
  const log = loggerFor('read-routing');
  let samples: Sample[] = [];
  const DOWN: ReplicaState = { up: false, known: true, replayed: null, caughtUpTo: -Infinity };
  let state: ReplicaState = { ...DOWN, known: false };
  let checkedAt = -Infinity;
  let checking: Promise<void> | null = null;
  let wasUp: boolean | null = null;

  const report = (up: boolean, why: string) => {
    if (wasUp === up) return;
    wasUp = up;
    if (up) log.info('the replica serves public reads');
    else log.warn({ why }, 'public reads go to the primary: the replica is down or is no longer a replica');
  };

  async function check(): Promise<void> {
    try {
      const at = now();
      const [{ lsn }] = await primary<[{ lsn: string }]>`SELECT pg_current_wal_lsn()::text AS lsn`;
      samples.push({ at, lsn: parseLsn(lsn) });
      // Samples older than the bound can never make the replica usable again.
      samples = samples.filter((s) => s.at >= at - settings.maxLagMs - settings.checkMs);
      const [row] = await replica<[{ recovery: boolean; replayed: string | null }]>`
        SELECT pg_is_in_recovery() AS recovery, pg_last_wal_replay_lsn()::text AS replayed`;
      if (!row.recovery || row.replayed === null) {
        state = DOWN;
        report(false, 'not in recovery (promoted?)');
        return;
      }
      const replayed = parseLsn(row.replayed);
      const caught = samples.filter((s) => s.lsn <= replayed).at(-1);
      state = { up: true, known: true, replayed, caughtUpTo: caught ? caught.at : -Infinity };
      report(true, '');
    } catch (err) {
      state = DOWN;
      report(false, err instanceof Error ? err.message : String(err));
    }
  }

  /** The last check's state, starting a new check (not awaited) when it is older than checkMs. */
  function current(): ReplicaState {
    if (checking === null && now() - checkedAt >= settings.checkMs) {
      checkedAt = now();
      checking = check().finally(() => {
        checking = null;
      });
    }
    return state;
  }

  async function pendingWrite(userId: number | null, replayed: bigint | null): Promise<boolean> {
    if (userId === null) return false;
    let mark: string | null;
    try {
      mark = await redis.get(writeKey(prefix, userId));
    } catch {
      return true; // Unknown: the primary is always right.
    }
    if (mark === null) return false;
    return replayed === null || replayed < BigInt(mark);
  }

  const onPrimary = async <T>(read: (sql: Sql) => Promise<T>, reason: string) => {
    readRoutes.inc({ target: 'primary', reason });
    return { value: await read(primary), upTo: Infinity };
  };

  async function track<T>(read: (sql: Sql) => Promise<T>, options: { reader?: number | null } = {}) {
    const s = current();
    if (!s.up) return onPrimary(read, s.known ? 'down' : 'lag');
    if (now() - s.caughtUpTo > settings.maxLagMs) return onPrimary(read, 'lag');
    if (await pendingWrite(options.reader ?? null, s.replayed)) return onPrimary(read, 'own-write');
    try {
      const value = await read(replica);
      readRoutes.inc({ target: 'replica', reason: 'replica' });
      return { value, upTo: s.caughtUpTo };
    } catch (err) {
      // Unreachable, or a statement cancelled by a conflict with replay: the primary answers instead.
      if (!isDatabaseUnavailable(err) && !isRecoveryConflict(err)) throw err;
      if (isDatabaseUnavailable(err)) {
        state = DOWN;
        report(false, err instanceof Error ? err.message : String(err));
      }
      return onPrimary(read, 'fallback');
    }
  }

  return {
    replicated: true,
    run: async (read, options) => (await track(read, options)).value,
    track,
    async hasPendingWrite(userId) {
      return pendingWrite(userId, current().replayed);
    },
    async noteWrite(userId) {
      try {
        const [{ lsn }] = await primary<[{ lsn: string }]>`SELECT pg_current_wal_lsn()::text AS lsn`;
        await redis.set(writeKey(prefix, userId), parseLsn(lsn).toString(), 'PX', writeMarkTtlMs(settings.maxLagMs));
      } catch (err) {
        // Without the mark this member may read from a replica a moment behind their write (bounded by the lag bound).
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'could not record a write position');
      }
    },
    async close() {
      await checking;
      await replica.end({ timeout: 5 });
    },
  };
}

/** The read router of `config` (api/src/deps.ts): primary-only without a replica URL. */
export function createReadRouter(
  primary: Sql,
  redis: Redis,
  prefix: string,
  replica: ReplicaSettings | null,
): ReadRouter {
  if (replica === null) return primaryOnlyReads(primary);
  return replicatedReads({
    primary,
    replica: createSql(replica.url, {
      max: REPLICA_POOL_SIZE,
      statementTimeoutMs: REQUEST_STATEMENT_TIMEOUT_MS,
      applicationName: 'vitrine-replica',
    }),
    redis,
    prefix,
    settings: replica,
  });
}
