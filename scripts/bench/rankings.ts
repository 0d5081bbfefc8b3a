import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { makeRankingQueries } from '../../db/src/queries/rankings';
import type { Sql } from '../../db/src/sql';
import type { Measured } from './measure';

/** A parameter of a captured query as SQL text (psql has no parameters). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/** `query` with its $n parameters written in (highest first, so $1 never eats $10). */
function inline(query: string, parameters: unknown[]): string {
  let text = query;
  for (let i = parameters.length; i >= 1; i--) text = text.split(`$${i}`).join(literal(parameters[i - 1]));
  return text;
}

/** Every recompute the worker runs, one board each. */
function recomputes(sql: Sql) {
  const rankings = makeRankingQueries(sql);
  return [
    () => rankings.recomputeTrending('today'),
    () => rankings.recomputeTrending('week'),
    () => rankings.recomputeTrending('month'),
    () => rankings.recomputeLeaderboard('all'),
    () => rankings.recomputeLeaderboard('week'),
    () => rankings.recomputeLeaderboard('month'),
    () => rankings.recomputeTopContributors(),
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
 * back; and the foreground p99 while recomputes run back to back against the same read without them.
 */
export async function timeRankings(opts: {
  sql: Sql;
  url: string;
  baseline: () => Promise<Measured>;
  foreground: () => Promise<Measured>;
}): Promise<{ ratios: Array<{ measure: string; value: number | null; target: string }> }> {
  const captured: string[] = [];
  const traced = postgres(opts.url, {
    max: 1,
    transform: postgres.camel,
    onnotice: () => {},
    debug: (_c, query, parameters) => captured.push(inline(query, parameters as unknown[])),
  });
  const appStart = performance.now();
  for (const recompute of recomputes(traced)) await recompute();
  const appMs = performance.now() - appStart;
  await traced.end();
  const statements = captured.filter((q) => !/^\s*(begin|commit)\b/i.test(q));
  const psqlStart = performance.now();
  const db = new URL(opts.url);
  await promisify(execFile)('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', db.hostname, '-p', db.port || '5432', '-U', decodeURIComponent(db.username) || 'postgres', '-d', db.pathname.slice(1), '-c', ['BEGIN', ...statements, 'ROLLBACK'].join(';\n')], {
    env: { ...process.env, PGPASSWORD: decodeURIComponent(db.password) },
    maxBuffer: 64 * 1024 * 1024,
  });
  const psqlMs = performance.now() - psqlStart;
  console.log(`[bench] ranking recompute, every board: app ${appMs.toFixed(0)} ms, the same SQL in psql ${psqlMs.toFixed(0)} ms`);

  const baseline = await opts.baseline();
  let running = true;
  const loop = (async () => {
    while (running) for (const recompute of recomputes(opts.sql)) await recompute();
  })();
  const during = await opts.foreground();
  running = false;
  await loop;
  console.log(`[bench] foreground p99: ${baseline['p99 ms']} ms alone, ${during['p99 ms']} ms while boards recompute`);
  return {
    ratios: [
      { measure: 'ranking recompute, app / psql same SQL', value: Number((appMs / psqlMs).toFixed(2)), target: '<= 1.5' },
      { measure: 'foreground p99 during recompute / alone', value: baseline['p99 ms'] > 0 ? Number((during['p99 ms'] / baseline['p99 ms']).toFixed(2)) : null, target: '<= 1.2' },
    ],
  };
}
