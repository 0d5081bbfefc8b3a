import { randomBytes } from 'node:crypto';
import { createTestDatabase } from '../../db/src/testing';
import { createSql } from '../../db/src/sql';
import { deleteRedisPrefix } from '../lib/redis-cleanup';
import { seedBench } from './seed';
import { computeBoards } from './rankings';
import { startApiChild, startHello, type ChildServer } from './servers';
import { sideBySide, type SideCase, type SideRow } from './side-by-side';

/**
 * The lowest read / hello ratio the gate lets through: an alarm for a 2x regression, not the target
 * (docs/performance.md "Public reads"). Release 3423f5f answered these reads at 0.59x-0.64x of hello,
 * so half of that fails; the reads now run above the release (the same section's table).
 */
export const GATE_FLOOR = 0.3;
/** Projects of the gate's database (votes: ten each): small, so it seeds in seconds. */
const GATE_PROJECTS = 500;
/** Seconds of each warm-up load and of each slice. */
const WARM_SECONDS = 1;
const SLICE_SECONDS = 1;
/** Slices per server and case (hello and the API take turns, measure.ts rotate). */
const SLICES = 4;
/** Runs a case gets: a figure below the floor is measured once more before it fails (a burst of the machine's load). */
const ATTEMPTS = 2;

/** The reads the gate checks: the first Latest page and a project's page. */
const GATE_CASES: readonly SideCase[] = [
  { name: 'latest, page 1 (newest)', next: () => ({ method: 'GET', path: '/api/projects?offset=0&limit=6' }) },
  { name: 'project detail', next: () => ({ method: 'GET', path: '/api/projects/1' }) },
];

/**
 * `npm run bench -- --gate` (.ci/run, after the tests): the raw hello server against this checkout's
 * API on the first Latest page and a project's page, side by side in one run (side-by-side.ts: warmed,
 * then in alternating one-second slices), on a throwaway database of the machine's PostgreSQL and a
 * Redis prefix of its own. Prints each ratio and answers false when one stays below GATE_FLOOR in
 * ATTEMPTS runs. Everything it made (servers, database, Redis keys) is removed, whatever happens.
 */
export async function runGate(opts: {
  port: number;
  connections: number;
  redisUrl: string;
  log: (line: string) => void;
}): Promise<boolean> {
  const started = Date.now();
  const redisPrefix = `vitrine-gate:${randomBytes(4).toString('hex')}:`;
  const servers: ChildServer[] = [];
  const db = await createTestDatabase('vitrine_gate');
  let cleaned: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaned ??= (async () => {
      for (const server of servers.reverse()) await server.stop().catch(() => null);
      await db.drop();
      await deleteRedisPrefix(opts.redisUrl, redisPrefix);
    })());
  // Stopped from outside (Ctrl-C, a CI timeout), it still removes what it made before it exits.
  const onSignal = (signal: NodeJS.Signals) => {
    opts.log(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(1));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const sql = createSql(db.url, { max: 2 });
    try {
      await seedBench(sql, { projects: GATE_PROJECTS, votes: GATE_PROJECTS * 10, log: () => {} });
      await computeBoards(sql);
    } finally {
      await sql.end();
    }
    const hello = await startHello(opts.port + 1);
    servers.push(hello);
    const api = await startApiChild(opts.port, db.url, opts.redisUrl, redisPrefix);
    servers.push(api);
    opts.log(
      `seeded ${GATE_PROJECTS} projects and started hello and the API in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    const measureCase = (c: SideCase) =>
      sideBySide({
        hello: { label: 'hello', url: hello.url, pid: hello.pid },
        apis: [{ label: 'api', url: api.url, pid: api.pid }],
        cases: [c],
        slices: SLICES,
        sliceSeconds: SLICE_SECONDS,
        warmSeconds: WARM_SECONDS,
        connections: opts.connections,
        log: opts.log,
      });
    const rows: SideRow[] = [];
    for (const c of GATE_CASES) {
      let row: SideRow | undefined;
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        [row] = await measureCase(c);
        if (Number(row!['api / hello']) >= GATE_FLOOR) break;
        if (attempt < ATTEMPTS) opts.log(`${c.name}: below ${GATE_FLOOR}x, measuring once more`);
      }
      rows.push(row!);
    }
    console.table(rows.map((r) => ({ ...r, floor: GATE_FLOOR })));
    const failed = rows.filter((r) => !(Number(r['api / hello']) >= GATE_FLOOR));
    opts.log(
      failed.length === 0
        ? `every read at ${GATE_FLOOR}x of hello or more (${((Date.now() - started) / 1000).toFixed(0)} s)`
        : `below ${GATE_FLOOR}x of hello: ${failed.map((r) => `${r.case} ${String(r['api / hello'])}x`).join(', ')} (docs/performance.md "Public reads")`,
    );
    return failed.length === 0;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanUp();
  }
}
