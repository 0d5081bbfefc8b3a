/**
 * The live counters behind a project's Stats tab, in Redis, for the day they count (UTC): the api
 * counts a view or a click here with one Redis call and no SQL, and the worker's fold-stats job folds
 * them into project_daily_stats (db/src/queries/project-stats.ts). What is counted, and what never is:
 * docs/security.md "Project stats".
 *
 * Keys, under the deployment's prefix, for day D:
 * - `stats:D:views`, `stats:D:clicks`: hashes, project id -> count;
 * - `stats:D:visitors:<id>`: a HyperLogLog of the day's visitor hashes (it keeps registers, not the hashes);
 * - `stats:D:sources:<id>`: a hash, source -> views, at most STATS_SOURCES_PER_DAY fields (then OTHER_SOURCE);
 * - `stats:D:dirty`: the ids counted since the last fold, and `stats:D:folding`, those a fold is taking;
 * - `stats:salt:D`: the day's random salt, which expires when the day ends.
 * Counters expire COUNTER_DAYS after their day began, once the fold has had the whole next day to read them.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { OTHER_SOURCE, STATS_SOURCES_PER_DAY } from '@vitrine/domain/stats';

/** Days a day's counters live from its start: the day itself, then the next for its last folds. */
const COUNTER_DAYS = 3;
const DAY_MS = 86_400_000;

/** The UTC day of `now`, YYYY-MM-DD. */
export function statsDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The day before `day` (YYYY-MM-DD). */
export function dayBefore(day: string): string {
  return statsDay(new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS));
}

/** Seconds since the epoch at the start of `day` plus `days` days. */
function dayStartSeconds(day: string, days: number): number {
  return (Date.parse(`${day}T00:00:00Z`) + days * DAY_MS) / 1000;
}

/** The Redis keys of one day. */
export function statsKeys(prefix: string, day: string) {
  const base = `${prefix}stats:${day}:`;
  return {
    views: `${base}views`,
    clicks: `${base}clicks`,
    visitors: (projectId: number | string) => `${base}visitors:${projectId}`,
    sources: (projectId: number | string) => `${base}sources:${projectId}`,
    dirty: `${base}dirty`,
    folding: `${base}folding`,
    salt: `${prefix}stats:salt:${day}`,
  };
}

/**
 * One view: the day's count, the visitor hash into the HyperLogLog, the source (bounded: a new source
 * past STATS_SOURCES_PER_DAY counts as OTHER_SOURCE), the project marked for the fold, every key's expiry.
 */
const RECORD_VIEW = `
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('PFADD', KEYS[2], ARGV[2])
local source = ARGV[3]
if redis.call('HEXISTS', KEYS[3], source) == 0 and redis.call('HLEN', KEYS[3]) >= tonumber(ARGV[4]) then
  source = ARGV[5]
end
redis.call('HINCRBY', KEYS[3], source, 1)
redis.call('SADD', KEYS[4], ARGV[1])
for i = 1, 4 do redis.call('EXPIREAT', KEYS[i], ARGV[6]) end
return 1`;

/** One click: the day's count and the project marked for the fold. */
const RECORD_CLICK = `
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('SADD', KEYS[2], ARGV[1])
for i = 1, 2 do redis.call('EXPIREAT', KEYS[i], ARGV[2]) end
return 1`;

/**
 * Moves the ids marked since the last fold into the folding set (added to any a failed fold left
 * there) and answers them: a view counted meanwhile marks its project again for the next fold.
 */
const TAKE_DIRTY = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('SUNIONSTORE', KEYS[2], KEYS[2], KEYS[1])
  redis.call('DEL', KEYS[1])
  redis.call('EXPIREAT', KEYS[2], ARGV[1])
end
return redis.call('SMEMBERS', KEYS[2])`;

/** Who viewed: a member by id, a visitor by address key (an IPv6 address by its /64) and browser. */
export type StatsViewer = { userId: number } | { addressKey: string; userAgent: string };

/** The user agent's longest part that goes into a visitor's hash. */
const USER_AGENT_MAX = 256;

/** Counts views and clicks for the Stats tab; one per api process (it keeps the day's salt in memory). */
export interface PageStatsRecorder {
  recordView(input: { projectId: number; viewer: StatsViewer; source: string; now?: Date }): Promise<void>;
  recordClick(input: { projectId: number; now?: Date }): Promise<void>;
}

/**
 * The recorder over `redis`. A visitor's hash is SHA-256 of the day's salt, the project and who viewed
 * (never stored: only its HyperLogLog registers are); the salt is drawn by the first process that
 * needs it that day (SET NX) and expires when the day ends, so yesterday's hashes cannot be made again.
 */
export function createPageStatsRecorder(redis: Redis, prefix: string): PageStatsRecorder {
  let salt: { day: string; value: string } | null = null;

  async function saltOf(day: string): Promise<string> {
    if (salt?.day === day) return salt.value;
    const key = statsKeys(prefix, day).salt;
    await redis.set(key, randomBytes(32).toString('base64'), 'EXAT', dayStartSeconds(day, 1), 'NX');
    const value = await redis.get(key);
    if (value === null) throw new Error('stats salt missing');
    salt = { day, value };
    return value;
  }

  return {
    async recordView({ projectId, viewer, source, now = new Date() }) {
      const day = statsDay(now);
      const keys = statsKeys(prefix, day);
      const who =
        'userId' in viewer
          ? `u:${viewer.userId}`
          : `a:${viewer.addressKey}|${viewer.userAgent.slice(0, USER_AGENT_MAX)}`;
      const hash = createHash('sha256')
        .update(await saltOf(day))
        .update(`|${projectId}|${who}`)
        .digest('base64url');
      await redis.eval(
        RECORD_VIEW,
        4,
        keys.views,
        keys.visitors(projectId),
        keys.sources(projectId),
        keys.dirty,
        projectId,
        hash,
        source,
        STATS_SOURCES_PER_DAY,
        OTHER_SOURCE,
        dayStartSeconds(day, COUNTER_DAYS),
      );
    },
    async recordClick({ projectId, now = new Date() }) {
      const day = statsDay(now);
      const keys = statsKeys(prefix, day);
      await redis.eval(RECORD_CLICK, 2, keys.clicks, keys.dirty, projectId, dayStartSeconds(day, COUNTER_DAYS));
    },
  };
}

/** One project's counters of one day, as the fold writes them. */
export interface DayCounters {
  projectId: number;
  views: number;
  visitors: number;
  clicks: number;
  sources: Record<string, number>;
}

/** Projects whose counters one fold reads at a time. */
const FOLD_BATCH = 500;

/**
 * The fold's side of the counters of `day`: `take` moves the projects counted since the last fold
 * into the folding set and reads their counters (in batches, one round trip each); `done` empties the
 * folding set once their rows are written. A fold that fails in between leaves them for the next one.
 */
export function pageStatsCounters(redis: Redis, prefix: string, day: string) {
  const keys = statsKeys(prefix, day);
  return {
    async take(): Promise<DayCounters[]> {
      const ids = (
        (await redis.eval(TAKE_DIRTY, 2, keys.dirty, keys.folding, dayStartSeconds(day, COUNTER_DAYS))) as string[]
      ).filter((id) => /^[1-9][0-9]{0,9}$/.test(id));
      const counters: DayCounters[] = [];
      for (let i = 0; i < ids.length; i += FOLD_BATCH) {
        const batch = ids.slice(i, i + FOLD_BATCH);
        const pipeline = redis.pipeline();
        pipeline.hmget(keys.views, ...batch);
        pipeline.hmget(keys.clicks, ...batch);
        for (const id of batch) pipeline.pfcount(keys.visitors(id)).hgetall(keys.sources(id));
        const results = ((await pipeline.exec()) ?? []).map(([err, value]) => {
          if (err) throw err;
          return value;
        });
        const [views, clicks] = results as [(string | null)[], (string | null)[]];
        batch.forEach((id, j) => {
          const sources = results[2 + 2 * j + 1] as Record<string, string>;
          counters.push({
            projectId: Number(id),
            views: Number(views[j] ?? 0),
            visitors: results[2 + 2 * j] as number,
            clicks: Number(clicks[j] ?? 0),
            sources: Object.fromEntries(Object.entries(sources).map(([source, n]) => [source, Number(n)])),
          });
        });
      }
      return counters;
    },
    async done(): Promise<void> {
      await redis.del(keys.folding);
    },
  };
}
