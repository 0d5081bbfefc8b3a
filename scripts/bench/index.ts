/**
 * `npm run bench [-- --projects 20000 --votes 400000 --seconds 3 --connections 20 --database vitrine_bench --shared]`:
 * load benchmark of the API's hot paths on a database of its own (seeded with generate_series, dropped
 * at the end), each measure a few seconds. The database and Redis run on private servers the bench
 * starts and stops (services.ts), so other tenants of the machine's servers are not measured;
 * `--shared` uses the machine's instead. The API runs in a child process (the production entry
 * point), like the raw node:http hello server it is compared with; the vote is also compared with
 * pgbench running the very same statement. Prints every case and the ratios of issue 11's targets.
 * Speed is measured here, never by timed assertions in tests.
 */
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { createTestDatabase } from '../../db/src/testing';
import { createSql } from '../../db/src/sql';
import { seedBench } from './seed';
import { startApiChild, startHello } from './servers';
import { captureVoteStatement, findPgbench, pgbenchVotes } from './pgbench';
import { measure, type Measured } from './measure';
import { computeBoards, timeRankings } from './rankings';
import { startBenchServices } from './services';

/** Ports of the bench's servers (engineer i11's range). */
const API_PORT = 3241;
const HELLO_PORT = 3242;
/** Connections of the API's database pool (db/src/sql.ts default): pgbench gets as many clients. */
const API_POOL_SIZE = 10;

const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '20000' },
    votes: { type: 'string' },
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    database: { type: 'string', default: 'vitrine_bench' },
    /** Use the machine's PostgreSQL and Redis (DATABASE_URL's server, REDIS_URL) instead of private ones. */
    shared: { type: 'boolean', default: false },
  },
});
const projects = Number(values.projects);
const votes = values.votes === undefined ? projects * 10 : Number(values.votes);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const log = (line: string) => console.log(`[bench] ${line}`);

const services = values.shared ? null : await startBenchServices(log);
const redisUrl = services?.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const db = await createTestDatabase(values.database, services?.adminUrl);
const sql = createSql(db.url, { max: 2 });
const started = Date.now();
log(`seeding ${db.name}`);
await seedBench(sql, { projects, votes, log });
log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
log(`boards computed in ${((await computeBoards(sql)) / 1000).toFixed(1)} s (as the worker does when it starts)`);

const hello = await startHello(HELLO_PORT);
const api = await startApiChild(API_PORT, db.url, redisUrl, `vitrine-bench:${randomBytes(4).toString('hex')}:`);
const rows: Measured[] = [];
try {
  const run = async (name: string, url: string, next: Parameters<typeof measure>[1]['next']) => {
    const row = await measure(name, { url, origin: api.url, seconds, connections, next });
    rows.push(row);
    log(`${name}: ${row['req/s']} req/s, p99 ${row['p99 ms']} ms`);
    return row;
  };
  const get = (path: string) => () => ({ method: 'GET' as const, path });
  let voter = 0;
  const newVoter = () => ({ 'X-Forwarded-For': `172.${16 + ((voter >> 16) & 15)}.${(voter >> 8) & 255}.${voter++ & 255}` });

  const helloRow = await run('raw node:http hello', hello.url, get('/'));
  await run('GET /api/auth/me (visitor, 401)', api.url, get('/api/auth/me'));
  const lists = [
    await run('latest, page 1 (newest)', api.url, get('/api/projects?offset=0&limit=6')),
    await run('latest, page 1 (votes)', api.url, get('/api/projects?offset=0&limit=6&sort=votes')),
    await run('latest, page 100 (votes)', api.url, get('/api/projects?offset=594&limit=6&sort=votes')),
    await run('trending (week)', api.url, get('/api/projects/trending?period=week&offset=0&limit=6')),
    await run('leaderboard (all)', api.url, get('/api/projects/leaderboard?timeRange=all')),
    await run('top contributors', api.url, get('/api/projects/top-contributors')),
    await run('project detail', api.url, get('/api/projects/1')),
  ];
  const spread = await run('vote, a new voter on a random project', api.url, () => ({
    method: 'POST',
    path: `/api/projects/${1 + Math.floor(Math.random() * projects)}/vote`,
    headers: newVoter(),
  }));
  const hot = await run('vote, a new voter on one hot project', api.url, () => ({ method: 'POST', path: '/api/projects/2/vote', headers: newVoter() }));

  const pgbench = findPgbench();
  const pgTps = pgbench
    ? await pgbenchVotes({ pgbench, url: db.url, statement: await captureVoteStatement(db.url), projects, clients: API_POOL_SIZE, seconds })
    : null;
  log(pgTps === null ? 'pgbench not found: the vote ratio is left out' : `pgbench, the same vote statement: ${Math.round(pgTps)} tps`);

  const rankings = await timeRankings({ sql, url: db.url, foreground: () => measure('foreground during recompute', { url: api.url, origin: api.url, seconds, connections, next: get('/api/projects?offset=0&limit=6&sort=views') }), baseline: () => measure('foreground baseline', { url: api.url, origin: api.url, seconds, connections, next: get('/api/projects?offset=0&limit=6&sort=views') }) });

  console.table(rows);
  const slowest = lists.reduce((a, b) => (a['req/s'] < b['req/s'] ? a : b));
  const page1 = lists[1]!;
  const page100 = lists[2]!;
  const ratio = (a: number, b: number) => (b > 0 ? Number((a / b).toFixed(2)) : null);
  console.table([
    { measure: 'slowest list or detail / raw hello', value: ratio(slowest['req/s'], helloRow['req/s']), target: '>= 0.16' },
    { measure: 'votes over many projects / pgbench same statement', value: pgTps === null ? null : ratio(spread['req/s'], pgTps), target: '>= 0.40' },
    { measure: 'votes on one hot project, req/s', value: hot['req/s'], target: '>= 1500' },
    { measure: 'votes on one hot project, p99 ms', value: hot['p99 ms'], target: '<= 50' },
    { measure: 'page 100 / page 1 (votes), req/s', value: ratio(page100['req/s'], page1['req/s']), target: '>= 0.9' },
    ...rankings.ratios,
  ]);
  console.log(`lists p99 ms at ${projects} projects (compare runs at 20k and 1M): ${lists.map((l) => `${l.case} ${l['p99 ms']}`).join('; ')}`);
} finally {
  const apiExit = await api.stop();
  log(apiExit === 0 ? 'the API shut down cleanly (exit 0)' : `the API did not shut down cleanly: exit ${apiExit}`);
  await hello.stop();
  await sql.end();
  await db.drop();
  await services?.stop();
}
