/**
 * A child process of the bench that recomputes the boards the way the worker does under a steady
 * stream of votes: each board's job is deduplicated and delayed (worker/src/context.ts), so every
 * board but the top contributors recomputes once per recomputeDelayMs (1 s) and the top contributors
 * once per contributorsDelayMs (30 s); back to back only when a recompute takes longer. The stream is
 * real: before each round it casts VOTES_PER_ROUND votes (seed.ts streamVotes), so the boards change
 * from round to round as under traffic, and a recompute writes what it would. Runs such rounds until SIGTERM; prints `ready` once a first round of every board is done and, at the end, the
 * rounds' durations as JSON on one line. Usage: node --import tsx scripts/bench/recomputer.ts <database url>
 */
import { createSql } from '../../db/src/sql';
import { WORKER_CONTRIBUTORS_EVERY_MS, WORKER_RECOMPUTE_EVERY_MS, recomputes } from './rankings';
import { streamVotes } from './seed';

/** Votes cast per round (per second): a busy showcase's stream, well below what the API takes (bench: 1,000+ votes/s). */
const VOTES_PER_ROUND = 100;

const [url] = process.argv.slice(2);
const sql = createSql(url, { max: 2 });
const durations: number[] = [];
let running = true;
process.once('SIGTERM', () => (running = false));

let rounds = 0;
async function round(contributors: boolean) {
  await streamVotes(sql, { count: VOTES_PER_ROUND, tag: `stream:${process.pid}:${rounds++}` });
  const started = performance.now();
  for (const recompute of recomputes(sql, contributors)) await recompute();
  return performance.now() - started;
}

await round(true);
console.log('recomputer ready');
let contributorsAt = performance.now();
while (running) {
  const contributors = performance.now() - contributorsAt >= WORKER_CONTRIBUTORS_EVERY_MS;
  if (contributors) contributorsAt = performance.now();
  const took = await round(contributors);
  durations.push(took);
  if (running && took < WORKER_RECOMPUTE_EVERY_MS) await new Promise((resolve) => setTimeout(resolve, WORKER_RECOMPUTE_EVERY_MS - took));
}
await sql.end();
console.log(JSON.stringify({ rounds: durations.length, durationsMs: durations.map((d) => Math.round(d)) }));
