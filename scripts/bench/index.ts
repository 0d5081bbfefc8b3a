/**
 * `npm run bench -- --gate`: the CI gate (gate.ts), hello against two public reads, under a minute.
 * `npm run bench -- --only side-by-side [--baseline-root DIR] [--variant LABEL:NAME=VALUE] [--profile-dir DIR] [--case TEXT]`:
 * the public reads and the hot-project vote against hello, this checkout's API and others, in one run.
 * `npm run bench [-- --projects 20000 --votes 400000 --seconds 3 --connections 20 --database vitrine_bench --shared --compare-projects 20000 --port 3241]`:
 * load benchmark of the API's hot paths on a database of its own (seeded with generate_series, dropped
 * at the end), each measure a few seconds. The database and Redis run on private servers the bench
 * starts and stops (services.ts), so other tenants of the machine's servers are not measured;
 * `--shared` uses the machine's instead. The API runs in a child process (the production entry
 * point), like the raw node:http hello server it is compared with; the vote is also compared with
 * pgbench running the very same statement. With `--compare-projects N`, a second database of N
 * projects (N x 10 votes) is seeded, fresh APIs are started on both databases, and every list and
 * detail read is measured on both in alternating one-second slices (scale.ts): the p99 ratio of the
 * large to the small database in one run.
 * The hostile-reads case (hostile.ts) runs last on the same API: readiness and an uncached first page
 * while 16 strangers keep expensive requests in flight. `--only hostile` runs that case alone (after
 * the seed), and with `--baseline-root DIR` first against the API of another checkout of the code
 * (the same database), for a before / after of one run. `--only badge` runs the raw hello server and
 * the badge cases (badges.ts) alone after the seed.
 * `--only stats [--slices 6]` (stats.ts): after the seed, a year and a day of daily stats rows for every
 * project (one project with at least 1M views), the owner's Stats tab (7, 30 and 90 days) against the
 * raw hello server side by side, and the year's query alone under EXPLAIN (ANALYZE, BUFFERS), cold and warm.
 * `--only webhooks [--deliveries 5000 --receiver-ms 0,50 --profile]` (webhooks.ts): webhook deliveries per second
 * of one worker process, end to end to a signature-checking receiver on loopback that answers after
 * each delay given; no seed but its own.
 * Prints every case and the ratios of the targets in docs/performance.md.
 * Speed is measured here, never by timed assertions in tests.
 */
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createTestDatabase } from '../../db/src/testing';
import { createSql } from '../../db/src/sql';
import { seedBench } from './seed';
import { startApiChild, startHello, type ChildServer } from './servers';
import { captureVoteStatement, findPgbench, pgbenchVotes } from './pgbench';
import { alternate, load, measure, SLICE_SECONDS, type Measured } from './measure';
import { computeBoards, timeRankings } from './rankings';
import { compareScales, type ReadCase } from './scale';
import { startBenchServices } from './services';
import { hostileReads } from './hostile';
import { mediaBench } from './media';
import { twoNodesAgainstOne } from './nodes';
import { runLive } from './live-run';
import { livenessBench } from './liveness';
import { integrityBench } from './integrity';
import { sideBySide, type SideCase } from './side-by-side';
import { runGate } from './gate';
import { badgeCases } from './badges';
import { statsBench } from './stats';
import { webhooksBench } from './webhooks';

/** Connections of the API's database pool (db/src/sql.ts default): pgbench gets as many clients. */
const API_POOL_SIZE = 10;

const { values } = parseArgs({
  options: {
    projects: { type: 'string' },
    votes: { type: 'string' },
    seconds: { type: 'string' },
    connections: { type: 'string', default: '20' },
    database: { type: 'string', default: 'vitrine_bench' },
    /** Use the machine's PostgreSQL and Redis (DATABASE_URL's server, REDIS_URL) instead of private ones. */
    shared: { type: 'boolean', default: false },
    /** Prefix of the Redis keys of the bench's APIs (each API adds a random part). */
    'redis-prefix': { type: 'string', default: 'vitrine-bench:' },
    /** Also measure every read on a database of this many projects, for the large / small p99 ratio. */
    'compare-projects': { type: 'string' },
    /** The API's port; the hello server and the scale comparison's second API take the next two. */
    port: { type: 'string', default: '3241' },
    /**
     * `hostile`: only the hostile-reads case after the seed; `nodes`: two API nodes against one after the
     * seed (nodes.ts); `media`: only the picture pipeline (media.ts); `live`: only the live pushes and the
     * follower fan-out (live.ts), on a database of their own, no seed; `liveness`: only the checks per
     * minute of the worker (liveness.ts, 1M projects unless --projects); `integrity`: only the integrity
     * scan (integrity.ts, 1M projects and 10M votes unless --projects / --votes); `badge`: only the raw
     * hello server and the badge cases (badges.ts) after the seed; `stats`: the owner's Stats tab and a
     * year's query (stats.ts) after the seed; `webhooks`: the worker's webhook deliveries (webhooks.ts).
     */
    only: { type: 'string' },
    /** A checkout of another version of the code: the hostile-reads case runs against its API first. */
    'baseline-root': { type: 'string' },
    /** Seconds of the hostile-reads case under attack. */
    'hostile-seconds': { type: 'string', default: '15' },
    /** Local HTTP stand-ins (hosts) the liveness case's projects are spread over. */
    'stand-ins': { type: 'string', default: '32' },
    /** How long the liveness case's stand-ins take to answer, in ms (0: at once). */
    'stand-in-ms': { type: 'string', default: '0' },
    /** The liveness and webhooks cases: a CPU profile of the worker during the measure (the first case of webhooks). */
    profile: { type: 'boolean', default: false },
    /** The side-by-side case: each API writes a CPU profile (node --cpu-prof) into DIR/<label>. */
    'profile-dir': { type: 'string' },
    /**
     * The side-by-side case: another API of this checkout with other variables, as LABEL:NAME=VALUE,NAME=VALUE
     * (e.g. `quiet:LOG_LEVEL=warn`); may be repeated.
     */
    variant: { type: 'string', multiple: true },
    /**
     * The CI gate (gate.ts): hello against the first Latest page and a project's page on a throwaway
     * database of the machine's servers; exits 1 below GATE_FLOOR (gate.ts). Under a minute.
     */
    gate: { type: 'boolean', default: false },
    /** The webhooks case: deliveries of each of its runs. */
    deliveries: { type: 'string', default: '5000' },
    /** The webhooks case: the receiver's answer delay of each run, in ms, comma-separated (0: at once). */
    'receiver-ms': { type: 'string', default: '0,50' },
    /** Slices per server and case of the side-by-side and stats cases (rounds of --seconds each). */
    slices: { type: 'string', default: '6' },
    /** The side-by-side case: only the cases whose name contains this text (e.g. `vote`, for a profile of votes alone). */
    case: { type: 'string' },
  },
});
/** Ports of the bench's servers. */
const API_PORT = Number(values.port);
const HELLO_PORT = API_PORT + 1;
const SMALL_API_PORT = API_PORT + 2;
/** The liveness and integrity cases are about a million projects unless told otherwise. */
const LARGE_CASES = new Set(['liveness', 'integrity']);
const projects = Number(values.projects ?? (LARGE_CASES.has(values.only ?? '') ? 1_000_000 : 20_000));
const votes = values.votes === undefined ? projects * 10 : Number(values.votes);
const seconds = Number(values.seconds ?? (values.only === 'liveness' ? 60 : 3));
const connections = Number(values.connections);
const log = (line: string) => console.log(`[bench] ${line}`);
const redisPrefix = values['redis-prefix'];

// The gate runs on the machine's PostgreSQL and Redis (a throwaway database and prefix), like the tests.
if (values.gate) {
  const passed = await runGate({
    port: API_PORT,
    connections,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    log,
  });
  process.exit(passed ? 0 : 1);
}
/** A Redis prefix of its own for each API the bench starts. */
const apiRedisPrefix = () => `${values['redis-prefix']}${randomBytes(4).toString('hex')}:`;

// The picture pipeline needs no database: measured alone, at once.
if (values.only === 'media') {
  await mediaBench(log);
  process.exit(0);
}

const services = values.shared ? null : await startBenchServices(log);
const redisUrl = services?.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const db = await createTestDatabase(values.database, services?.adminUrl);

// The worker's cases seed databases of their own shape.
if (values.only === 'liveness' || values.only === 'integrity' || values.only === 'webhooks') {
  try {
    if (values.only === 'webhooks')
      await webhooksBench({
        databaseUrl: db.url,
        redisUrl,
        postgresDir: services?.postgresDir ?? null,
        deliveries: Number(values.deliveries),
        delaysMs: values['receiver-ms'].split(',').map(Number),
        port: API_PORT,
        profile: values.profile,
        log,
      });
    else if (values.only === 'liveness')
      await livenessBench({
        databaseUrl: db.url,
        redisUrl,
        postgresDir: services?.postgresDir ?? null,
        projects,
        seconds,
        standIns: Number(values['stand-ins']),
        standInMs: Number(values['stand-in-ms']),
        profile: values.profile,
        log,
      });
    else
      await integrityBench({
        databaseUrl: db.url,
        projects,
        votes,
        restartPostgres: services?.restartPostgres ?? null,
        log,
      });
  } finally {
    await db.drop();
    await services?.stop();
  }
  process.exit(0);
}
const sql = createSql(db.url, { max: 2 });

if (values.only === 'live') {
  try {
    await runLive({ port: API_PORT, databaseUrl: db.url, redisUrl, sql, log });
  } finally {
    await sql.end();
    await db.drop();
    await services?.stop();
  }
  process.exit(0);
}

const started = Date.now();
log(`seeding ${db.name}`);
await seedBench(sql, { projects, votes, log });
log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
log(`boards computed in ${((await computeBoards(sql)) / 1000).toFixed(1)} s (as the worker does when it starts)`);

/** The list and detail reads of the issue, each a shared read every visitor gets. */
const PAGE_1: ReadCase = { name: 'latest, page 1 (votes)', path: '/api/projects?offset=0&limit=6&sort=votes' };
const PAGE_100: ReadCase = { name: 'latest, page 100 (votes)', path: '/api/projects?offset=594&limit=6&sort=votes' };
/** The public reads of the side-by-side case: the lists, the project detail and a comments page. */
const SIDE_READS: readonly ReadCase[] = [
  { name: 'latest, page 1 (newest)', path: '/api/projects?offset=0&limit=6' },
  { name: 'trending (week)', path: '/api/projects/trending?period=week&offset=0&limit=6' },
  { name: 'leaderboard (all)', path: '/api/projects/leaderboard?timeRange=all' },
  { name: 'project detail', path: '/api/projects/1' },
  { name: 'project comments (1,000, first page)', path: '/api/projects/1/comments' },
];
/** Slices of page 100 and as many of page 1. */
const PAGE_SLICES = 10;
const READS: readonly ReadCase[] = [
  { name: 'latest, page 1 (newest)', path: '/api/projects?offset=0&limit=6' },
  PAGE_1,
  PAGE_100,
  { name: 'trending (week)', path: '/api/projects/trending?period=week&offset=0&limit=6' },
  { name: 'leaderboard (all)', path: '/api/projects/leaderboard?timeRange=all' },
  { name: 'top contributors', path: '/api/projects/top-contributors' },
  { name: 'project detail', path: '/api/projects/1' },
  // The first page of a project with 1,000 comments (seed.ts), as a visitor reads it (kept per node).
  { name: 'project comments (1,000, first page)', path: '/api/projects/1/comments' },
  { name: 'project comments (Top)', path: '/api/projects/1/comments?sort=top' },
];

/** A second database of `count` projects on the same servers, its boards computed, and an API on it; stop() removes both. */
async function startSmallApi(count: number) {
  const smallDb = await createTestDatabase(`${values.database}_small`, services?.adminUrl);
  const smallSql = createSql(smallDb.url, { max: 2 });
  let smallApi: Awaited<ReturnType<typeof startApiChild>>;
  try {
    log(`seeding ${smallDb.name} with ${count} projects for the scale comparison`);
    await seedBench(smallSql, { projects: count, votes: count * 10, log });
    await computeBoards(smallSql);
    smallApi = await startApiChild(SMALL_API_PORT, smallDb.url, redisUrl, apiRedisPrefix());
  } catch (err) {
    await smallDb.drop();
    throw err;
  } finally {
    await smallSql.end();
  }
  return {
    url: smallApi.url,
    async stop() {
      await smallApi.stop();
      await smallDb.drop();
    },
  };
}

/** The hostile-reads case against the API of `root` (this checkout when undefined), printed; its API is stopped after. */
async function runHostile(label: string, root?: string) {
  const child = await startApiChild(API_PORT, db.url, redisUrl, apiRedisPrefix(), { root });
  try {
    log(`hostile reads against ${label}`);
    const result = await hostileReads({ url: child.url, projects, seconds: Number(values['hostile-seconds']), log });
    console.log(`hostile reads, ${label}, ${projects} projects:`);
    console.table(result.probes);
    console.table(result.attacks);
    console.table(result.targets);
    return result;
  } finally {
    await child.stop();
  }
}

if (values.only === 'nodes') {
  try {
    await twoNodesAgainstOne({
      databaseUrl: db.url,
      redisUrl,
      port: SMALL_API_PORT + 1,
      projects,
      seconds,
      connections,
      log,
    });
  } finally {
    await sql.end();
    await db.drop();
    await services?.stop();
  }
  process.exit(0);
}

/**
 * `--only side-by-side [--baseline-root DIR]`: the public reads and the hot-project vote against the raw
 * hello server and this checkout's API (and the baseline's, on the same database, when given), all
 * started here and taking turns in slices (side-by-side.ts): each API's ratio to hello in one run.
 */
if (values.only === 'side-by-side') {
  const profileDir = (label: string) =>
    values['profile-dir'] === undefined ? undefined : path.join(values['profile-dir'], label);
  const started: ChildServer[] = [];
  try {
    const hello = await startHello(HELLO_PORT);
    started.push(hello);
    const apis: Array<{ label: string; root?: string; env?: Record<string, string> }> = [{ label: 'this' }];
    if (values['baseline-root']) apis.push({ label: 'baseline', root: values['baseline-root'] });
    for (const variant of values.variant ?? []) {
      const [label, vars = ''] = variant.split(/:(.*)/s);
      apis.push({
        label: label!,
        env: Object.fromEntries(
          vars
            .split(',')
            .filter(Boolean)
            .map((v) => v.split(/=(.*)/s)),
        ),
      });
    }
    const targets = [];
    for (const [i, a] of apis.entries()) {
      // This checkout's API on --port, the others after the hello server's port.
      const port = i === 0 ? API_PORT : HELLO_PORT + i;
      const child = await startApiChild(port, db.url, redisUrl, `${redisPrefix}${randomBytes(4).toString('hex')}:`, {
        root: a.root,
        env: a.env,
        profileDir: profileDir(a.label),
      });
      started.push(child);
      targets.push({ label: a.label, url: child.url, pid: child.pid });
    }
    let voter = 0;
    const cases: SideCase[] = [
      ...SIDE_READS.map((read) => ({ name: read.name, next: () => ({ method: 'GET' as const, path: read.path }) })),
      {
        name: 'vote, a new voter on one hot project',
        next: () => ({
          method: 'POST',
          path: '/api/projects/2/vote',
          headers: { 'X-Forwarded-For': `172.${16 + ((voter >> 16) & 15)}.${(voter >> 8) & 255}.${voter++ & 255}` },
        }),
      },
    ];
    const rows = await sideBySide({
      hello: { label: 'hello', url: hello.url, pid: hello.pid },
      apis: targets,
      cases: cases.filter((c) => c.name.includes(values.case ?? '')),
      slices: Number(values.slices),
      sliceSeconds: seconds,
      warmSeconds: seconds,
      connections,
      log,
    });
    console.table(rows);
  } finally {
    for (const child of started.reverse()) await child.stop();
    await sql.end();
    await db.drop();
    await services?.stop();
  }
  process.exit(0);
}

if (values.only === 'hostile') {
  try {
    const before = values['baseline-root']
      ? await runHostile(`the baseline at ${values['baseline-root']}`, values['baseline-root'])
      : null;
    const after = await runHostile('this checkout');
    if (before) {
      const ratio = (a: number, b: number) => (b > 0 ? Number((a / b).toFixed(2)) : null);
      console.table(
        before.targets.map((row, i) => ({
          measure: row.measure,
          before: row.value,
          after: after.targets[i]!.value,
          'before / after': ratio(row.value, after.targets[i]!.value),
          target: row.target,
        })),
      );
    }
  } finally {
    await sql.end();
    await db.drop();
    await services?.stop();
  }
  process.exit(0);
}

/** Requests per second of `a` over `b`, to two decimals (null without `b`). */
const ratio = (a: number, b: number) => (b > 0 ? Number((a / b).toFixed(2)) : null);
/** Measures a case against `url` with autocannon (measure.ts), adds its row to `rows` and logs it. */
function runner(rows: Measured[], origin: string) {
  return async (name: string, url: string, next: Parameters<typeof measure>[1]['next'], conns = connections) => {
    const row = await measure(name, { url, origin, seconds, connections: conns, next });
    rows.push(row);
    log(`${name}: ${row['req/s']} req/s, p99 ${row['p99 ms']} ms`);
    return row;
  };
}
/** The badge of one project against the raw hello server, side by side (badges.ts; docs/performance.md "Badges"). */
const badgeTarget = ({ badge, hello }: Awaited<ReturnType<typeof badgeCases>>) => ({
  measure: `badge of one project / raw hello, side by side (${badge['req/s']} / ${hello['req/s']} req/s)`,
  value: ratio(badge['req/s'], hello['req/s']),
  target: '>= 0.5',
});

if (values.only === 'badge') {
  const hello = await startHello(HELLO_PORT);
  const api = await startApiChild(API_PORT, db.url, redisUrl, apiRedisPrefix());
  try {
    const rows: Measured[] = [];
    const run = runner(rows, api.url);
    await run('raw node:http hello', hello.url, () => ({ method: 'GET', path: '/' }));
    const badges = await badgeCases({ url: api.url, helloUrl: hello.url, projects, connections, run });
    console.table(rows);
    console.table([badgeTarget(badges)]);
  } finally {
    await api.stop();
    await hello.stop();
    await sql.end();
    await db.drop();
    await services?.stop();
  }
  process.exit(0);
}

if (values.only === 'stats') {
  try {
    await statsBench({
      sql,
      databaseUrl: db.url,
      redisUrl,
      redisPrefix: apiRedisPrefix(),
      apiPort: API_PORT,
      helloPort: HELLO_PORT,
      projects,
      seconds,
      slices: Number(values.slices),
      connections,
      restartPostgres: services?.restartPostgres ?? null,
      log,
    });
  } finally {
    await sql.end();
    await db.drop();
    await services?.stop();
  }
  process.exit(0);
}

const hello = await startHello(HELLO_PORT);
const api = await startApiChild(API_PORT, db.url, redisUrl, apiRedisPrefix());
const rows: Measured[] = [];
try {
  const run = runner(rows, api.url);
  const get = (path: string) => () => ({ method: 'GET' as const, path });
  let voter = 0;
  const newVoter = () => ({
    'X-Forwarded-For': `172.${16 + ((voter >> 16) & 15)}.${(voter >> 8) & 255}.${voter++ & 255}`,
  });

  const helloRow = await run('raw node:http hello', hello.url, get('/'));
  await run('GET /api/auth/me (visitor, 401)', api.url, get('/api/auth/me'));
  const lists: Measured[] = [];
  for (const read of READS) lists.push(await run(read.name, api.url, get(read.path)));
  const badges = await badgeCases({ url: api.url, helloUrl: hello.url, projects, connections, run });
  // Page 100 against page 1 side by side, in alternating one-second slices (measure.ts alternate).
  const slice = (path: string) => () =>
    load({ url: api.url, origin: api.url, seconds: SLICE_SECONDS, connections, next: get(path) });
  const [page100, page1] = await alternate({ slice: slice(PAGE_100.path) }, { slice: slice(PAGE_1.path) }, PAGE_SLICES);
  log(`page 100 / page 1 side by side: ${page100['req/s']} / ${page1['req/s']} req/s`);
  const spread = await run('vote, a new voter on a random project', api.url, () => ({
    method: 'POST',
    path: `/api/projects/${1 + Math.floor(Math.random() * projects)}/vote`,
    headers: newVoter(),
  }));
  const hot = await run('vote, a new voter on one hot project', api.url, () => ({
    method: 'POST',
    path: '/api/projects/2/vote',
    headers: newVoter(),
  }));

  const pgbench = findPgbench();
  const pgTps = pgbench
    ? await pgbenchVotes({
        pgbench,
        url: db.url,
        statement: await captureVoteStatement(db.url),
        projects,
        clients: API_POOL_SIZE,
        seconds,
      })
    : null;
  log(
    pgTps === null
      ? 'pgbench not found: the vote ratio is left out'
      : `pgbench, the same vote statement: ${Math.round(pgTps)} tps`,
  );

  const rankings = await timeRankings({
    sql,
    url: db.url,
    apiPid: api.pid,
    postgresDir: services?.postgresDir,
    foreground: slice('/api/projects?offset=0&limit=6&sort=views'),
  });

  const hostile = await hostileReads({ url: api.url, projects, seconds: Number(values['hostile-seconds']), log });
  console.table(hostile.probes);
  console.table(hostile.attacks);

  console.table(rows);
  const slowest = lists.reduce((a, b) => (a['req/s'] < b['req/s'] ? a : b));
  console.table([
    {
      measure: 'slowest list or detail / raw hello',
      value: ratio(slowest['req/s'], helloRow['req/s']),
      target: '>= 0.40',
    },
    badgeTarget(badges),
    {
      measure: 'votes over many projects / pgbench same statement',
      value: pgTps === null ? null : ratio(spread['req/s'], pgTps),
      target: '>= 0.40',
    },
    {
      measure: 'votes on one hot project / raw hello',
      value: ratio(hot['req/s'], helloRow['req/s']),
      target: '>= 0.025',
    },
    { measure: 'votes on one hot project, p99 ms', value: hot['p99 ms'], target: '<= 40' },
    {
      measure: 'page 100 / page 1 (votes), req/s, side by side',
      value: ratio(page100['req/s'], page1['req/s']),
      target: '>= 0.9',
    },
    ...rankings.ratios,
    ...hostile.targets.map(({ measure, value, target }) => ({ measure, value, target })),
  ]);
  // The API's clean shutdown is part of the bench (it used to crash on the postgres.js write error).
  const apiExit = await api.stop();
  log(apiExit === 0 ? 'the API shut down cleanly (exit 0)' : `the API did not shut down cleanly: exit ${apiExit}`);
  if (values['compare-projects']) {
    const smallProjects = Number(values['compare-projects']);
    const small = await startSmallApi(smallProjects);
    // A fresh API on the large database too: both sides start alike, so the ratio is the database's.
    const large = await startApiChild(API_PORT, db.url, redisUrl, apiRedisPrefix());
    try {
      const scale = await compareScales({
        cases: READS,
        large: large.url,
        small: small.url,
        seconds,
        connections,
        log,
      });
      console.table(scale);
      const worst = Math.max(...scale.map((row) => row['p99 large / small'] ?? 0));
      console.table([
        {
          measure: `every list p99 at ${projects} / at ${smallProjects} projects (worst)`,
          value: worst,
          target: '<= 1.3',
        },
      ]);
    } finally {
      await large.stop();
      await small.stop();
    }
  } else {
    console.log(
      `lists p99 ms at ${projects} projects: ${lists.map((l) => `${l.case} ${l['p99 ms']}`).join('; ')} (--compare-projects 20000 measures the ratio in one run)`,
    );
  }
} finally {
  await api.stop();
  await hello.stop();
  await sql.end();
  await db.drop();
  await services?.stop();
}
