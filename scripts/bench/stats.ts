import { quantile, loadAverages } from './measure';
/**
 * `npm run bench -- --only stats [--projects 20000 --seconds 3 --slices 6]`: the owner's Stats tab at a
 * million views (docs/performance.md "Project stats: reading a year"). After the bench's seed,
 * project_daily_stats gets a year and a day of rows for every project (20,000 x 366 = 7.3M rows),
 * written a day at a time for all projects as the worker's folds write them (so one project's rows lie
 * on a page of their own each, among the others'), one project in the middle with at least 1M views
 * over the year and every source a folded day keeps. Then, as that project's owner signed in:
 * `GET /api/projects/{id}/stats?days=7|30|90` (and `GET /api/auth/me`, what any signed-in read costs)
 * against the API started in production mode and the raw hello server, side by side (side-by-side.ts: req/s, p50, p99, the ratio to hello, CPU per answer);
 * and the route's query alone over a whole year (366 rows, the SQL listDays sends, captured from
 * postgres.js) under EXPLAIN (ANALYZE, BUFFERS): once with PostgreSQL's buffer cache empty (the bench's
 * private server restarted) and warm, then through listDays and the route's presenter in this process.
 */
import postgres from 'postgres';
import { makeProjectStatsQueries } from '../../db/src/queries/project-stats';
import { buildUser } from '../../db/src/testing';
import { createSql, type Sql } from '../../db/src/sql';
import { STATS_TOP_SOURCES, STATS_WINDOWS } from '../../domain/src/stats';
import { presentProjectStats, windowDays } from '../../api/src/presenters/stats';
import { signIn } from './live';
import { startApiChild, startHello, type ChildServer } from './servers';
import { sideBySide, type SideRow } from './side-by-side';

/** Days of rows per project: a year and today, so a year's window (366 days) is full. */
export const STATS_DAYS = 366;
/** The measured project's views a day: at least STATS_HOT_VIEWS, up to STATS_HOT_SPREAD more (366 x 2,800 >= 1M). */
const STATS_HOT_VIEWS = 2800;
const STATS_HOT_SPREAD = 800;
/** The other projects' views a day: 0 to this many, most near 0 (random()^3). */
const OTHER_VIEWS_MAX = 200;
/** Reads of the query alone, warm: EXPLAIN ANALYZE, and listDays with the presenter. */
const WARM_EXPLAINS = 20;
const WARM_READS = 200;
/** The target of the issue: a year of one project read within this. */
const YEAR_TARGET_MS = 50;

/** The rows seeded, and the measured project's views over the year. */
export interface SeededStats {
  rows: number;
  yearViews: number;
}

/**
 * Writes STATS_DAYS days of rows for projects 1..`projects`, one statement per day (as the folds write
 * them: a day's rows together), the table's keys and index dropped during the load and made again
 * once after it. `hot` gets STATS_HOT_VIEWS or more a day, its sources the STATS_TOP_SOURCES a folded
 * day keeps and the rest under (other), and votes of every reason; the others a few views from three
 * sources and a vote now and then.
 */
export async function seedDailyStats(
  sql: Sql,
  opts: { projects: number; hot: number; log: (line: string) => void },
): Promise<SeededStats> {
  await sql`SET synchronous_commit = off`;
  await sql`SET maintenance_work_mem = '512MB'`;
  const constraints = await sql<{ name: string; definition: string }[]>`
    SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
    WHERE conrelid = 'project_daily_stats'::regclass AND contype IN ('p', 'f') ORDER BY contype DESC`;
  const indexes = await sql<{ indexname: string; indexdef: string }[]>`
    SELECT indexname, indexdef FROM pg_indexes
    WHERE tablename = 'project_daily_stats' AND indexname <> ALL (${constraints.map((c) => c.name)}::text[])`;
  for (const c of constraints) await sql.unsafe(`ALTER TABLE project_daily_stats DROP CONSTRAINT ${c.name}`);
  for (const index of indexes) await sql.unsafe(`DROP INDEX ${index.indexname}`);
  const days = windowDays(new Date(), STATS_DAYS);
  opts.log(`daily stats: ${opts.projects} projects x ${days.length} days`);
  const sites = STATS_TOP_SOURCES - 1;
  for (const [i, day] of days.entries()) {
    await sql`
      INSERT INTO project_daily_stats
        (project_id, day, views, visitors, clicks, impressions, exposure, votes, counted_votes, vote_sources, referrers)
      SELECT g, ${day}::date, views, views * 7 / 10, views / 12, impressions, impressions * 0.6, votes, votes * 0.25,
             CASE WHEN g = ${opts.hot} THEN jsonb_build_object(
                    'standing', jsonb_build_object('raw', votes / 4, 'counted', votes / 4),
                    'tester', jsonb_build_object('raw', votes / 8, 'counted', votes / 8 * 0.75),
                    'newMember', jsonb_build_object('raw', votes / 8, 'counted', votes / 8 * 0.5),
                    'clickedVisitor', jsonb_build_object('raw', votes / 4, 'counted', votes / 4 * 0.5),
                    'visitor', jsonb_build_object('raw', votes / 4, 'counted', votes / 4 * 0.25),
                    'ring', jsonb_build_object('raw', votes - votes / 4 * 3 - votes / 8 * 2, 'counted', 0))
                  WHEN votes > 0 THEN jsonb_build_object('visitor', jsonb_build_object('raw', votes, 'counted', votes * 0.25))
                  ELSE '{}' END,
             CASE WHEN g = ${opts.hot} THEN
                    (SELECT jsonb_object_agg('site-' || k || '.example', views / 25) FROM generate_series(1, ${sites}::int) k)
                    || jsonb_build_object('(direct)', views / 5, '(other)', views - views / 25 * ${sites}::int - views / 5)
                  ELSE jsonb_strip_nulls(jsonb_build_object('(direct)', nullif(views - views / 3 - views / 4, 0),
                         'news.example', nullif(views / 3, 0), 'search.example', nullif(views / 4, 0))) END
      FROM (
        SELECT g,
               CASE WHEN g = ${opts.hot} THEN ${STATS_HOT_VIEWS} + floor(random() * ${STATS_HOT_SPREAD})::int
                    ELSE floor(power(random(), 3) * ${OTHER_VIEWS_MAX})::int END AS views,
               CASE WHEN g = ${opts.hot} THEN 40 + floor(random() * 40)::int
                    ELSE floor(power(random(), 4) * 20)::int END AS impressions,
               CASE WHEN g = ${opts.hot} THEN 20 + floor(random() * 40)::int
                    WHEN random() < 0.1 THEN 1 + floor(random() * 5)::int ELSE 0 END AS votes
        FROM generate_series(1, ${opts.projects}::int) g
      ) v`;
    if ((i + 1) % 61 === 0) opts.log(`daily stats: ${i + 1} of ${days.length} days`);
  }
  opts.log('daily stats: keys and index');
  for (const c of [...constraints].reverse())
    await sql.unsafe(`ALTER TABLE project_daily_stats ADD CONSTRAINT ${c.name} ${c.definition}`);
  for (const index of indexes) await sql.unsafe(index.indexdef);
  await sql`VACUUM ANALYZE project_daily_stats`;
  const [counted] = await sql<{ rows: number; yearViews: number }[]>`
    SELECT (SELECT count(*)::int FROM project_daily_stats) AS rows,
           (SELECT sum(views)::int FROM project_daily_stats WHERE project_id = ${opts.hot}) AS year_views`;
  return counted!;
}

/** The SQL and parameters of the last statement `read` sends (postgres.js `debug`), on a client of its own. */
async function capture(url: string, read: (client: Sql) => Promise<unknown>) {
  let last: { query: string; parameters: unknown[] } | undefined;
  const traced: Sql = postgres(url, {
    max: 1,
    transform: postgres.camel,
    onnotice: () => {},
    debug: (_connection, query, parameters) => {
      last = { query, parameters: parameters as unknown[] };
    },
  });
  try {
    await read(traced);
  } finally {
    await traced.end();
  }
  if (!last) throw new Error('the read sent no statement');
  return last;
}

/** The parts of EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) the figures use. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}
interface Explained {
  'Planning Time': number;
  'Execution Time': number;
  Plan: PlanNode;
}

/** A plan on one line, outermost node first: `Sort < Bitmap Heap Scan on t < Bitmap Index Scan on t_pkey`. */
function planLine(node: PlanNode): string {
  const on = node['Index Name'] ?? node['Relation Name'];
  const self = `${node['Node Type']}${on ? ` on ${on}` : ''}`;
  return node.Plans?.length ? `${self} < ${node.Plans.map(planLine).join(', ')}` : self;
}

/** Runs `statement` under EXPLAIN (ANALYZE, BUFFERS) on `sql`. */
async function explain(sql: Sql, statement: { query: string; parameters: unknown[] }): Promise<Explained> {
  const [row] = await sql.unsafe(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.query}`,
    statement.parameters as postgres.ParameterOrJSON<never>[],
  );
  const plans = Object.values(row!)[0] as Explained[] | string;
  return (typeof plans === 'string' ? (JSON.parse(plans) as Explained[]) : plans)[0]!;
}

const ms2 = (n: number) => Math.round(n * 100) / 100;

/** A row of the query's figures. */
function explainedRow(read: string, e: Explained) {
  return {
    read,
    plan: planLine(e.Plan),
    rows: e.Plan['Actual Rows'],
    'buffers hit / read': `${e.Plan['Shared Hit Blocks']} / ${e.Plan['Shared Read Blocks']}`,
    'planning ms': ms2(e['Planning Time']),
    'execution ms': ms2(e['Execution Time']),
  };
}

/**
 * The year read by the route's query alone: cold (after `restartPostgres`, when given) and warm under
 * EXPLAIN (ANALYZE, BUFFERS), the 90-day window warm, then listDays and the presenter in this process.
 */
async function timeYearRead(opts: {
  databaseUrl: string;
  project: number;
  restartPostgres: (() => Promise<void>) | null;
}) {
  const year = windowDays(new Date(), STATS_DAYS);
  const window = windowDays(new Date(), Math.max(...STATS_WINDOWS));
  const readOf = (days: string[]) => (client: Sql) =>
    makeProjectStatsQueries(client).listDays(opts.project, days[0]!, days.at(-1)!);
  const yearStatement = await capture(opts.databaseUrl, readOf(year));
  const windowStatement = await capture(opts.databaseUrl, readOf(window));
  /** A pool of the API's size (db/src/sql.ts default) with a connection open, as a running API's. */
  const openPool = async () => {
    const pool = createSql(opts.databaseUrl);
    await pool`SELECT 1`;
    return pool;
  };
  // The first read of the year with the buffer cache empty, as the route reads it: listDays and the presenter.
  let coldRead: number | null = null;
  if (opts.restartPostgres) {
    await opts.restartPostgres();
    const pool = await openPool();
    try {
      const started = performance.now();
      presentProjectStats(year, await readOf(year)(pool));
      coldRead = performance.now() - started;
    } finally {
      await pool.end();
    }
    await opts.restartPostgres();
  }
  const sql = await openPool();
  try {
    const cold = await explain(sql, yearStatement);
    const warm: Explained[] = [];
    for (let i = 0; i < WARM_EXPLAINS; i++) warm.push(await explain(sql, yearStatement));
    warm.sort((a, b) => a['Execution Time'] - b['Execution Time']);
    const windowWarm = await explain(sql, windowStatement);
    const reads: number[] = [];
    const presents: number[] = [];
    const queries = makeProjectStatsQueries(sql);
    for (let i = 0; i < WARM_READS; i++) {
      const started = performance.now();
      const rows = await queries.listDays(opts.project, year[0]!, year.at(-1)!);
      const read = performance.now();
      presentProjectStats(year, rows);
      presents.push(performance.now() - read);
      reads.push(read - started);
    }
    reads.sort((a, b) => a - b);
    presents.sort((a, b) => a - b);
    return {
      explained: [
        explainedRow(
          opts.restartPostgres ? 'a year, buffer cache empty (PostgreSQL restarted)' : 'a year, first',
          cold,
        ),
        explainedRow(`a year, warm (median of ${WARM_EXPLAINS})`, warm[warm.length >> 1]!),
        explainedRow(`a year, warm (slowest of ${WARM_EXPLAINS})`, warm.at(-1)!),
        explainedRow(`${window.length} days, warm`, windowWarm),
      ],
      inProcess: {
        'listDays and presenter, a year, buffer cache empty, ms': coldRead === null ? null : ms2(coldRead),
        'listDays, a year (round trip and rows), p50 ms': ms2(quantile(reads, 0.5)),
        'listDays, a year, p99 ms': ms2(quantile(reads, 0.99)),
        'presenter, a year, p50 ms': ms2(quantile(presents, 0.5)),
        'presenter, a year, p99 ms': ms2(quantile(presents, 0.99)),
      },
      coldMs: coldRead ?? cold['Planning Time'] + cold['Execution Time'],
      warmP99Ms: quantile(reads, 0.99) + quantile(presents, 0.99),
    };
  } finally {
    await sql.end();
  }
}

/** Runs the stats case (after the bench's seed on `sql`'s database) and prints its figures. */
export async function statsBench(opts: {
  sql: Sql;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  apiPort: number;
  helloPort: number;
  projects: number;
  seconds: number;
  slices: number;
  connections: number;
  restartPostgres: (() => Promise<void>) | null;
  log: (line: string) => void;
}): Promise<void> {
  const { sql, log } = opts;
  const project = Math.floor(opts.projects / 2) + 1;
  let started = performance.now();
  const seeded = await seedDailyStats(sql, { projects: opts.projects, hot: project, log });
  log(
    `${seeded.rows} daily rows in ${((performance.now() - started) / 1000).toFixed(0)} s; project ${project}: ${seeded.yearViews} views over the year`,
  );
  const owner = await buildUser(sql);
  await sql`UPDATE projects SET user_id = ${owner.id} WHERE id = ${project}`;

  const loadBefore = loadAverages();
  const servers: ChildServer[] = [];
  let rows: SideRow[];
  let answerBytes: number;
  try {
    const hello = await startHello(opts.helloPort);
    servers.push(hello);
    const api = await startApiChild(opts.apiPort, opts.databaseUrl, opts.redisUrl, opts.redisPrefix);
    servers.push(api);
    const cookie = await signIn(api.url, owner.username);
    const path = (days: number) => `/api/projects/${project}/stats?days=${days}`;
    const check = await fetch(`${api.url}${path(Math.max(...STATS_WINDOWS))}`, { headers: { Cookie: cookie } });
    const body = await check.text();
    if (check.status !== 200) throw new Error(`the owner's stats answered ${check.status}: ${body}`);
    answerBytes = Buffer.byteLength(body);
    started = performance.now();
    rows = await sideBySide({
      hello: { label: 'hello', url: hello.url, pid: hello.pid },
      apis: [{ label: 'api', url: api.url, pid: api.pid }],
      cases: [
        // What any signed-in read costs before its own work: the session, the pipeline, a small answer.
        {
          name: "the owner's /api/auth/me",
          next: () => ({ method: 'GET' as const, path: '/api/auth/me', headers: { Cookie: cookie } }),
        },
        ...STATS_WINDOWS.map((days) => ({
          name: `owner's stats, ${days} days`,
          next: () => ({ method: 'GET' as const, path: path(days), headers: { Cookie: cookie } }),
        })),
      ],
      slices: opts.slices,
      sliceSeconds: opts.seconds,
      warmSeconds: opts.seconds,
      connections: opts.connections,
      log,
    });
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }

  const yearRead = await timeYearRead({
    databaseUrl: opts.databaseUrl,
    project,
    restartPostgres: opts.restartPostgres,
  });
  console.log(
    `owner's stats, ${opts.projects} projects x ${STATS_DAYS} days (${seeded.rows} rows), project ${project} with ${seeded.yearViews} views over the year; the 90-day answer is ${answerBytes} bytes; load average ${loadBefore} before, ${loadAverages()} after:`,
  );
  console.table(rows);
  console.table(yearRead.explained);
  console.table([yearRead.inProcess]);
  console.table([
    {
      measure: opts.restartPostgres
        ? 'a year of one project, buffer cache empty: listDays and presenter, ms'
        : 'a year of one project, first: planning + execution, ms',
      value: ms2(yearRead.coldMs),
      target: `< ${YEAR_TARGET_MS}`,
    },
    {
      measure: 'a year of one project, warm: listDays p99 + presenter p99, ms',
      value: ms2(yearRead.warmP99Ms),
      target: `< ${YEAR_TARGET_MS}`,
    },
    ...rows.slice(1).map((row) => ({
      measure: `${row.case}: p99 ms under ${opts.connections} connections`,
      value: row['api p99 ms'],
      target: null,
    })),
  ]);
}
