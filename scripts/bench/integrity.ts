/**
 * `npm run bench -- --only integrity [--projects 1000000 --votes 10000000]`: the integrity scan
 * (db/src/queries/integrity.ts runIntegrityScan) against its interval (docs/performance.md "Integrity scan (worker)").
 * Seeds `projects` projects and `votes` votes with generate_series, every vote inside the scan's 24 h
 * lookback (the scan's worst case: the whole table is recent): half from members (one member per
 * MEMBER_VOTES votes, most of them old accounts, FRESH_PERCENT % made this week from a network of their
 * own), half from visitors (an address and /24 each); projects skewed as in seed.ts. Three rings are
 * planted, one per signal. Then times the scan once cold (PostgreSQL just restarted: its buffer cache
 * empty, the system's file cache as it is) and once warm, and says which planted rings were filed.
 */
import type { ClusterSignal } from '../../domain/src/schemas/integrity';
import { createSql, type Sql } from '../../db/src/sql';
import { runIntegrityScan } from '../../db/src/queries/integrity';

/** The interval the scan runs at (INTEGRITY_SCAN_SECONDS' default): a scan must end within it. */
const SCAN_INTERVAL_SECONDS = 600;
/** Member votes per member, on average. */
const MEMBER_VOTES = 10;
/** Members who made their account this week (newMember votes). */
const FRESH_PERCENT = 3;
/** Skew of the votes over the projects, as in seed.ts: low ids are hot. */
const VOTE_SKEW = 2;

/** The planted rings: what the scan must file. */
const RING_NETWORK = '198.51.100.0/24';
const RING_NETWORK_ACCOUNTS = 6;
const RING_SAME_ACCOUNTS = 5;
const RING_SAME_PROJECTS = 8;
const RING_BURST_NETWORK = '203.0.113.0/24';
const RING_BURST_VOTES = 12;

/** A random public-looking /24 (SQL). */
const RANDOM_NETWORK = `(1 + floor(random() * 223))::int || '.' || floor(random() * 256)::int || '.' || floor(random() * 256)::int || '.0/24'`;

/** Seeds the members, projects, votes and planted rings; answers the planted same-votes ring's accounts. */
async function seed(
  sql: Sql,
  opts: { projects: number; votes: number; log: (line: string) => void },
): Promise<{ sameVoteAccounts: number[] }> {
  const { log } = opts;
  const members = Math.max(1000, Math.round(opts.votes / 2 / MEMBER_VOTES));
  await sql`SET synchronous_commit = off`;
  await sql`SET maintenance_work_mem = '512MB'`;
  await sql`SET work_mem = '256MB'`;
  log(`members: ${members} (${FRESH_PERCENT} % made this week)`);
  // Member g is fresh when g % 100 < FRESH_PERCENT (the table is new: ids are 1..members).
  await sql.unsafe(`
    INSERT INTO users (username, password_hash, created_at, signup_network)
    SELECT 'member_' || g, 'x',
           CASE WHEN g % 100 < ${FRESH_PERCENT} THEN now() - random() * interval '7 days'
                ELSE now() - interval '30 days' - random() * interval '900 days' END,
           ${RANDOM_NETWORK}
    FROM generate_series(1, ${members}) g`);
  log(`projects: ${opts.projects}`);
  await sql`
    INSERT INTO projects (title, description, replit_url, category, tags, user_id, created_at)
    SELECT 'Bench project ' || g, 'A project made for the benchmark.', 'https://project.example/' || g, 'Web App', 'bench',
           1 + g % 1000, now() - random() * interval '365 days'
    FROM generate_series(1, ${opts.projects}) g`;
  const indexes = await sql<{ indexname: string; indexdef: string }[]>`
    SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'votes' AND indexname <> 'votes_pkey'`;
  for (const index of indexes) await sql.unsafe(`DROP INDEX ${index.indexname}`);
  const memberVotes = Math.floor(opts.votes / 2);
  log(`member votes: ${memberVotes} drawn (one per member and project kept)`);
  await sql.unsafe(`
    INSERT INTO votes (project_id, user_id, ip_address, network, kind, weight, created_at)
    SELECT project_id, user_id, ip_address, network, kind, weight, created_at FROM (
      SELECT DISTINCT ON (d.project_id, d.user_id) d.project_id, d.user_id, 'member:' || d.g AS ip_address,
             u.signup_network AS network,
             CASE WHEN d.user_id % 100 < ${FRESH_PERCENT} THEN 'newMember' ELSE 'standing' END AS kind,
             CASE WHEN d.user_id % 100 < ${FRESH_PERCENT} THEN 0.5 ELSE 1 END AS weight, d.created_at
      FROM (
        SELECT g, 1 + floor(${opts.projects} * power(random(), ${VOTE_SKEW}))::int AS project_id,
               1 + floor(random() * ${members})::int AS user_id, now() - random() * interval '24 hours' AS created_at
        FROM generate_series(1, ${memberVotes}) g
      ) d JOIN users u ON u.id = d.user_id
    ) v ORDER BY created_at`);
  log(`visitor votes: ${opts.votes - memberVotes}`);
  await sql.unsafe(`
    INSERT INTO votes (project_id, user_id, ip_address, network, kind, weight, created_at)
    SELECT project_id, NULL, 'visitor:' || g, ${RANDOM_NETWORK}, 'visitor', 0.25, created_at FROM (
      SELECT g, 1 + floor(${opts.projects} * power(random(), ${VOTE_SKEW}))::int AS project_id,
             now() - random() * interval '24 hours' AS created_at
      FROM generate_series(1, ${opts.votes - memberVotes}) g
    ) v ORDER BY created_at`);

  log('planted rings');
  // Fresh accounts of one network, made an hour apart two days ago, voting for one project within minutes.
  const networkProject = Math.floor(opts.projects / 3);
  await sql`
    WITH ring AS (
      INSERT INTO users (username, password_hash, created_at, signup_network)
      SELECT 'ring_net_' || k, 'x', now() - interval '2 days' + k * interval '1 hour', ${RING_NETWORK}
      FROM generate_series(1, ${RING_NETWORK_ACCOUNTS}::int) k RETURNING id
    )
    INSERT INTO votes (project_id, user_id, ip_address, network, kind, weight, created_at)
    SELECT ${networkProject}::int, id, 'ring-net:' || id, ${RING_NETWORK}, 'newMember', 0.5,
           now() - interval '1 hour' + row_number() OVER (ORDER BY id) * interval '1 minute'
    FROM ring`;
  // Old accounts of different networks voting for the same tail projects and nothing else.
  const sameFirst = Math.floor(opts.projects / 2);
  const same = await sql<{ id: number }[]>`
    INSERT INTO users (username, password_hash, created_at, signup_network)
    SELECT 'ring_same_' || k, 'x', now() - interval '60 days', ${sql.unsafe(RANDOM_NETWORK)}
    FROM generate_series(1, ${RING_SAME_ACCOUNTS}::int) k RETURNING id`;
  await sql`
    INSERT INTO votes (project_id, user_id, ip_address, network, kind, weight, created_at)
    SELECT p, u, 'ring-same:' || u || ':' || p, NULL, 'standing', 1, now() - interval '2 hours' + random() * interval '1 hour'
    FROM unnest(${same.map((r) => r.id)}::int[]) u, generate_series(${sameFirst}::int, ${sameFirst + RING_SAME_PROJECTS - 1}::int) p`;
  // Visitor votes of one network for one project within one quarter hour (the scan's bins start at 2000-01-01).
  await sql`
    INSERT INTO votes (project_id, user_id, ip_address, network, kind, weight, created_at)
    SELECT ${Math.floor(opts.projects / 4)}::int, NULL, '203.0.113.' || k, ${RING_BURST_NETWORK}, 'visitor', 0.25,
           date_bin('15 minutes', now() - interval '3 hours', timestamptz '2000-01-01') + k * interval '30 seconds'
    FROM generate_series(1, ${RING_BURST_VOTES}::int) k`;

  log('indexes');
  for (const index of indexes) await sql.unsafe(index.indexdef);
  log('counters');
  await sql`
    UPDATE projects p SET votes = c.n, weighted_votes = c.w
    FROM (SELECT project_id, count(*)::int AS n, sum(weight) AS w FROM votes GROUP BY project_id) c
    WHERE p.id = c.project_id`;
  await sql`VACUUM ANALYZE users`;
  await sql`VACUUM ANALYZE projects`;
  await sql`VACUUM ANALYZE votes`;
  return { sameVoteAccounts: same.map((r) => r.id) };
}

export interface IntegrityOptions {
  databaseUrl: string;
  projects: number;
  votes: number;
  /** Empties PostgreSQL's buffer cache before the cold scan (services.ts); without it both scans are warm. */
  restartPostgres: (() => Promise<void>) | null;
  log: (line: string) => void;
}

/** Runs the integrity case and prints its figures. */
export async function integrityBench(opts: IntegrityOptions): Promise<void> {
  const { log } = opts;
  let sql = createSql(opts.databaseUrl, { max: 2 });
  let started = performance.now();
  log(`seeding ${opts.projects} projects and ${opts.votes} votes`);
  let planted: Awaited<ReturnType<typeof seed>>;
  try {
    planted = await seed(sql, opts);
  } finally {
    await sql.end();
  }
  const seedSeconds = (performance.now() - started) / 1000;
  log(`seeded in ${seedSeconds.toFixed(0)} s`);

  if (opts.restartPostgres) await opts.restartPostgres();
  // The worker's pool (db/src/sql.ts default size).
  sql = createSql(opts.databaseUrl);
  try {
    const [{ votes, recent } = { votes: 0, recent: 0 }] = await sql<{ votes: number; recent: number }[]>`
      SELECT count(*)::int AS votes, count(*) FILTER (WHERE created_at >= now() - interval '24 hours')::int AS recent FROM votes`;
    const [size] = await sql<{ bytes: string }[]>`SELECT pg_database_size(current_database())::text AS bytes`;
    const scans: Array<{ scan: string; seconds: number; filed: number; promoted: number }> = [];
    for (const scan of [opts.restartPostgres ? 'cold (PostgreSQL restarted)' : 'first', 'warm (right after)']) {
      started = performance.now();
      const result = await runIntegrityScan(sql);
      const seconds = (performance.now() - started) / 1000;
      scans.push({
        scan,
        seconds: Number(seconds.toFixed(1)),
        filed: result.clusterIds.length,
        promoted: result.promoted,
      });
      log(`${scan} scan: ${seconds.toFixed(1)} s, ${result.clusterIds.length} clusters filed`);
    }
    const clusters = await sql<{ signal: ClusterSignal; networks: string[]; accountIds: number[]; votes: number }[]>`
      SELECT signal, ARRAY(SELECT jsonb_array_elements_text(evidence->'networks')) AS networks,
             ARRAY(SELECT jsonb_array_elements_text(evidence->'accountIds')::int) AS account_ids,
             jsonb_array_length(evidence->'voteIds') AS votes
      FROM integrity_clusters ORDER BY id`;
    const sameAccounts = planted.sameVoteAccounts.join(',');
    const found = {
      network: clusters.find((c) => c.signal === 'network' && c.networks.includes(RING_NETWORK)),
      sameVotes: clusters.find((c) => c.signal === 'sameVotes' && c.accountIds.join(',') === sameAccounts),
      visitorBurst: clusters.find((c) => c.signal === 'visitorBurst' && c.networks.includes(RING_BURST_NETWORK)),
    };
    const plantedFound = Object.values(found).filter(Boolean).length;

    console.log(
      `integrity scan, ${opts.projects} projects, ${votes} votes (${recent} in the 24 h lookback), database ${(Number(size!.bytes) / 2 ** 30).toFixed(1)} GiB, seeded in ${seedSeconds.toFixed(0)} s:`,
    );
    console.table(scans);
    console.table(
      Object.entries(found).map(([signal, cluster]) => ({
        'planted ring': signal,
        filed: cluster !== undefined,
        accounts: cluster?.accountIds.length ?? null,
        votes: cluster?.votes ?? null,
      })),
    );
    console.table([
      ...scans.map((s) => ({
        measure: `${s.scan} scan / interval (${SCAN_INTERVAL_SECONDS} s)`,
        value: Number((s.seconds / SCAN_INTERVAL_SECONDS).toFixed(3)),
        target: '<= 1',
      })),
      { measure: 'planted rings filed', value: `${plantedFound} of 3`, target: '3 of 3' },
      { measure: 'other clusters filed (none planted)', value: clusters.length - plantedFound, target: null },
    ]);
  } finally {
    await sql.end();
  }
}
