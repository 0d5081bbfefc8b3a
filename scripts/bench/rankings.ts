import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { makeRankingQueries } from '../../db/src/queries/rankings';
import type { Sql } from '../../db/src/sql';
import { alternate, type Loaded, type Pooled } from './measure';
import { WORKER_DEFAULTS } from '../../worker/src/context';
import { ALL_CPUS, postmasterPid, setCpus, withDescendants } from './pinning';
import { startRecomputer } from './servers';

/**
 * How often the worker recomputes a board under a steady stream of votes: its recompute jobs are
 * deduplicated per board and delayed by recomputeDelayMs (1 s; the top contributors follow the votes
 * incrementally at that pace too), so a board recomputes at most once per delay, back to back only if
 * a recompute takes longer. The top contributors are recomputed whole on the leaderboards' schedule
 * (every 5 minutes) when votes are all that change.
 */
export const WORKER_RECOMPUTE_EVERY_MS = WORKER_DEFAULTS.recomputeDelayMs;
export const WORKER_WHOLE_CONTRIBUTORS_EVERY_MS = WORKER_DEFAULTS.leaderboardsEveryMs;

/** A parameter of a captured query as SQL text (psql has no parameters). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // An array parameter (ids) as an array literal; a json parameter (the rows a swap inserts) comes as the value itself.
  if (Array.isArray(value) && value.every((v) => typeof v === 'number')) return `'{${value.join(',')}}'`;
  const text =
    value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/** `query` with its $n parameters written in (highest first, so $1 never eats $10). */
function inline(query: string, parameters: unknown[]): string {
  let text = query;
  for (let i = parameters.length; i >= 1; i--) text = text.split(`$${i}`).join(literal(parameters[i - 1]));
  return text;
}

/**
 * Every recompute the worker runs, one board each; the top contributors whole, or brought up to the votes
 * alone (`votes`, as after a vote).
 */
export function recomputes(sql: Sql, contributors: 'whole' | 'votes' = 'whole') {
  const rankings = makeRankingQueries(sql);
  return [
    () => rankings.recomputeTrending('today'),
    () => rankings.recomputeTrending('week'),
    () => rankings.recomputeTrending('month'),
    () => rankings.recomputeLeaderboard('all'),
    () => rankings.recomputeLeaderboard('week'),
    () => rankings.recomputeLeaderboard('month'),
    ...(contributors === 'whole' ? [() => rankings.recomputeTopContributors()] : []),
    ...(contributors === 'votes' ? [() => rankings.addVotesToTopContributors()] : []),
  ];
}

/**
 * Computes every board once, as the worker does when it starts (the lists then read boards, not the
 * read-side safety net), and answers how long it took. It also warms the buffers the recompute
 * reads, so the timed runs below compare like with like.
 */
export async function computeBoards(sql: Sql): Promise<number> {
  const started = performance.now();
  for (const recompute of recomputes(sql)) await recompute();
  return performance.now() - started;
}

/**
 * Times a full recompute of every board through the app's queries, then the very statements it sent
 * (captured from postgres.js, parameters written in) through psql in one transaction that rolls
 * back; and the foreground p99 while a process of its own recomputes the boards as the worker does
 * under a steady stream of votes against the same read without it (the two in alternating slices),
 * first with everything on the same cores, then with PostgreSQL and the recomputer pinned to a core
 * of their own (pinning.ts).
 */
export async function timeRankings(opts: {
  sql: Sql;
  url: string;
  /** One slice of the foreground read's load. */
  foreground: () => Promise<Loaded>;
  /** The API child's pid, and the private PostgreSQL's data directory (none with --shared: then nothing is pinned). */
  apiPid: number;
  postgresDir?: string;
}): Promise<{ ratios: Array<{ measure: string; value: number | null; target: string }> }> {
  const captured: string[] = [];
  const traced = postgres(opts.url, {
    max: 1,
    transform: postgres.camel,
    onnotice: () => {},
    debug: (_c, query, parameters) => captured.push(inline(query, parameters as unknown[])),
  });
  // A first pass brings every board up to date (the catch-up since computeBoards). The timed pass is
  // then a steady-state one, and psql replays statements that find the boards as the app's found them.
  for (const recompute of recomputes(opts.sql)) await recompute();
  const appStart = performance.now();
  for (const recompute of recomputes(traced)) await recompute();
  const appMs = performance.now() - appStart;
  await traced.end();
  const statements = captured.filter((q) => !/^\s*(begin|commit)\b/i.test(q));
  // A file, not -c: the swaps' rows make the script too long for one argument.
  const script = join(tmpdir(), `vitrine-bench-rankings-${process.pid}.sql`);
  writeFileSync(script, ['BEGIN', ...statements, 'ROLLBACK'].join(';\n') + ';\n');
  const psqlStart = performance.now();
  const db = new URL(opts.url);
  await promisify(execFile)(
    'psql',
    [
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      '-h',
      db.hostname,
      '-p',
      db.port || '5432',
      '-U',
      decodeURIComponent(db.username) || 'postgres',
      '-d',
      db.pathname.slice(1),
      '-f',
      script,
    ],
    {
      env: { ...process.env, PGPASSWORD: decodeURIComponent(db.password) },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const psqlMs = performance.now() - psqlStart;
  rmSync(script, { force: true });
  console.log(
    `[bench] ranking recompute, every board: app ${appMs.toFixed(0)} ms, the same SQL in psql ${psqlMs.toFixed(0)} ms`,
  );

  // Co-located, as the bench runs: PostgreSQL, the recomputer, the API and the load generator share
  // the machine's two cores.
  const shared = await foregroundDuringRecomputes(opts.url, opts.foreground);
  log(`foreground p99, all on the same cores: ${describe(shared)}`);
  // As in production, where the database and the worker have machines of their own: PostgreSQL and
  // the recomputer on one core, the API and the load generator on the other.
  let separate: ForegroundRatio | null = null;
  const database = opts.postgresDir ? postmasterPid(opts.postgresDir) : null;
  if (database !== null) {
    const front = [process.pid, ...withDescendants(opts.apiPid)];
    if (setCpus(front, '0') && setCpus(withDescendants(database), '1')) {
      try {
        separate = await foregroundDuringRecomputes(opts.url, opts.foreground, (pid) =>
          setCpus(withDescendants(pid), '1'),
        );
        log(`foreground p99, database and recomputer on a core of their own: ${describe(separate)}`);
      } finally {
        setCpus(front, ALL_CPUS);
        setCpus(withDescendants(database), ALL_CPUS);
      }
    }
  }
  const ratio = (r: ForegroundRatio) =>
    r.baseline['p99 ms'] > 0 ? Number((r.during['p99 ms'] / r.baseline['p99 ms']).toFixed(2)) : null;
  return {
    ratios: [
      {
        measure: 'ranking recompute, app / psql same SQL',
        value: Number((appMs / psqlMs).toFixed(2)),
        target: '<= 1.5',
      },
      {
        measure: 'foreground p99 during recomputes / alone, database on its own core',
        value: separate ? ratio(separate) : null,
        target: '<= 1.2',
      },
      {
        measure: 'foreground p99 during recomputes / alone, all on the same cores',
        value: ratio(shared),
        target: '(contention)',
      },
    ],
  };
}

/** A foreground read's p99 alone and while the boards recompute at the worker's cadence. */
interface ForegroundRatio {
  baseline: Pooled;
  during: Pooled;
  rounds: number[];
}

/** Slices of the foreground read with the recomputer held, and as many with it running. */
const FOREGROUND_SLICES = 10;

/**
 * Measures the foreground in one-second slices that alternate between the recomputes held and the
 * recomputes running at the worker's cadence (measure.ts alternate), under the recomputer's stream of
 * votes in both, so the recomputes are all that differs; the recomputer is placed by `place` (given
 * its pid).
 */
async function foregroundDuringRecomputes(
  url: string,
  foreground: () => Promise<Loaded>,
  place?: (pid: number) => void,
): Promise<ForegroundRatio> {
  const recomputer = await startRecomputer(url);
  place?.(recomputer.pid);
  let alone: Pooled;
  let during: Pooled;
  try {
    [alone, during] = await alternate(
      { before: () => recomputer.pause(), slice: foreground },
      { before: async () => recomputer.resume(), slice: foreground },
      FOREGROUND_SLICES,
    );
  } finally {
    await recomputer.stop();
  }
  return { baseline: alone, during, rounds: recomputer.durations() };
}

function describe({ baseline, during, rounds }: ForegroundRatio): string {
  const busy = rounds.reduce((a, b) => a + b, 0);
  return (
    `under a stream of 100 votes/s, ${baseline['p99 ms']} ms with the recomputes held, ${during['p99 ms']} ms while the boards recompute as the worker does ` +
    `(${rounds.length} rounds of ${Math.min(...rounds)}-${Math.max(...rounds)} ms, recomputing ${((busy / (rounds.length * WORKER_RECOMPUTE_EVERY_MS || 1)) * 100).toFixed(0)}% of the time)`
  );
}

const log = (line: string) => console.log(`[bench] ${line}`);
