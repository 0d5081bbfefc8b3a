/**
 * A child process of the bench that recomputes the boards the way the worker does under a steady
 * stream of votes: each board's job is deduplicated and delayed (worker/src/context.ts), so every
 * board recomputes once per recomputeDelayMs (1 s; the top contributors brought up to the votes
 * alone) and the top contributors whole once per leaderboardsEveryMs (5 minutes, their schedule);
 * back to back only when a recompute takes longer. The stream is
 * real: before each round it casts VOTES_PER_ROUND votes (seed.ts streamVotes), so the boards change
 * from round to round as under traffic, and a recompute writes what it would. Runs such rounds until
 * SIGTERM; a line `pause` on its standard input holds the recomputes once the one in progress is over
 * (it then prints `paused`; the votes go on), `resume` lets them go on at once. Prints
 * `recomputer ready` once a first round of every board is done and, at the end, the rounds' durations
 * as JSON on one line.
 * Usage: node --import tsx scripts/bench/recomputer.ts <database url>
 */
import { createInterface } from 'node:readline';
import { createSql } from '../../db/src/sql';
import { WORKER_RECOMPUTE_EVERY_MS, WORKER_WHOLE_CONTRIBUTORS_EVERY_MS, recomputes } from './rankings';
import { streamVotes } from './seed';

/** Votes cast per round (per second): a busy showcase's stream, well below what the API takes (bench: 1,000+ votes/s). */
const VOTES_PER_ROUND = 100;

const [url] = process.argv.slice(2);
const sql = createSql(url, { max: 2 });
const durations: number[] = [];
let running = true;
let paused = false;
/** True while the recomputes are held (and `paused` was said). */
let holding = false;
/** Ends the wait in progress (the idle rest of a second), if any. */
let wake: (() => void) | null = null;
const wait = (msec: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(() => wake?.(), msec);
    wake = () => {
      clearTimeout(timer);
      wake = null;
      resolve();
    };
  });
const commands = createInterface({ input: process.stdin });
commands.on('line', (line) => {
  if (line === 'pause') {
    paused = true;
    // Held already, or resting between two recomputes: held from now on, at once. Otherwise the loop
    // says so once the recompute in progress is over.
    if (holding || wake) {
      holding = true;
      console.log('paused');
    }
  }
  if (line === 'resume') {
    paused = false;
    // Recompute at once, as a worker does when a job comes in.
    wake?.();
  }
});
process.once('SIGTERM', () => {
  running = false;
  wake?.();
});

let batches = 0;
/** Recomputes every board once (the top contributors whole or after the votes alone); answers how long it took. */
async function recompute(contributors: 'whole' | 'votes') {
  const started = performance.now();
  for (const board of recomputes(sql, contributors)) await board();
  return performance.now() - started;
}

await streamVotes(sql, { count: VOTES_PER_ROUND, tag: `stream:${process.pid}:${batches++}` });
await recompute('whole');
console.log('recomputer ready');
let contributorsAt = performance.now();
while (running) {
  const second = performance.now();
  // The votes go on while the recomputes are held: only the recomputes differ between the two.
  await streamVotes(sql, { count: VOTES_PER_ROUND, tag: `stream:${process.pid}:${batches++}` });
  if (paused) {
    if (!holding) console.log('paused');
    holding = true;
  } else {
    holding = false;
    const whole = performance.now() - contributorsAt >= WORKER_WHOLE_CONTRIBUTORS_EVERY_MS;
    if (whole) contributorsAt = performance.now();
    durations.push(await recompute(whole ? 'whole' : 'votes'));
  }
  const rest = WORKER_RECOMPUTE_EVERY_MS - (performance.now() - second);
  if (running && rest > 0) await wait(rest);
}
commands.close();
await sql.end();
console.log(JSON.stringify({ rounds: durations.length, durationsMs: durations.map((d) => Math.round(d)) }));
