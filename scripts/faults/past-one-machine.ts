/**
 * The faults of a deployment past one machine (docs/operations.md "Read replica" and "Redis
 * Sentinel"): a PostgreSQL streaming replica stopped, lagging (replay paused) or promoted, and a
 * Sentinel failover of Redis. None of them may fail a request: reads fall back to the primary, and
 * Redis clients follow the sentinels. Each reports its own figures besides the suite's table.
 */
import { createSql, type Sql } from '@vitrine/db/sql';
import { sitePaths } from '@vitrine/domain/site-paths';
import { FAULTS_REPLICA_MAX_LAG_MS, healthy, waitUntil, type Cluster } from './cluster';
import { HttpClient } from './http';
import type { Fault, FaultWindow } from './fault';
import type { World } from './seed';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long the replica is stopped or its replay paused. */
const REPLICA_FAULT_S = 12;
/** Longest wait for the replica to serve reads again after a fault ends. */
const REPLICA_BACK_WAIT_MS = 60_000;
/** How long the reads after a promotion are watched. */
const PROMOTED_WATCH_S = 10;
/** Pause between two read-your-writes probes. */
const PROBE_EVERY_MS = 300;

/** Differences between two snapshots of the read routes (`target/reason` -> count). */
function routeDelta(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  const delta = new Map<string, number>();
  for (const [key, n] of after) {
    const d = n - (before.get(key) ?? 0);
    if (d > 0) delta.set(key, d);
  }
  return delta;
}

/** `replica 812 (64 %), primary 460: lag 300, own-write 12, ...`. */
function describeRoutes(delta: Map<string, number>): string {
  const total = [...delta.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return 'no public reads';
  const onReplica = delta.get('replica/replica') ?? 0;
  const primary = [...delta]
    .filter(([key]) => key.startsWith('primary/'))
    .map(([key, n]) => `${key.slice('primary/'.length)} ${n}`);
  return `replica ${onReplica} (${Math.round((onReplica / total) * 100)} %), primary ${total - onReplica}${primary.length ? ` (${primary.join(', ')})` : ''}`;
}

/** Waits until the api nodes send reads to the replica again; answers the seconds it took, or null. */
async function replicaServesAgain(cluster: Cluster): Promise<number | null> {
  const start = Date.now();
  let last = await cluster.readRoutes();
  const back = await waitUntil(
    async () => {
      const now = await cluster.readRoutes();
      const served = (routeDelta(last, now).get('replica/replica') ?? 0) > 0;
      last = now;
      return served;
    },
    REPLICA_BACK_WAIT_MS,
    500,
  );
  return back ? Math.round((Date.now() - start) / 100) / 10 : null;
}

/** Runs `fn` on a connection of its own to `url`. */
async function withSql<T>(url: string, fn: (sql: Sql) => Promise<T>): Promise<T> {
  const sql = createSql(url, { max: 1 });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * A member who edits their project's title again and again and reads it back at once, through the
 * node that took the write and through the other one: the project's page (a shared read) and their
 * own feed (a public read routed for the member). Counts the reads that showed the new title.
 */
async function readYourWritesProbe(cluster: Cluster, world: World, untilMs: number) {
  // The last member: the load's members are the first ones (load.ts), so nobody else edits its projects.
  const account = world.members[world.members.length - 1]!;
  const [owned] = await withSql(
    cluster.databaseUrl,
    (sql) => sql<[{ id: number }?]>`
      SELECT id FROM projects WHERE user_id = ${account.id} AND id = ANY(${world.projects}::int[]) ORDER BY id LIMIT 1`,
  );
  if (!owned) throw new Error('the probe member owns no project');
  const member = { username: account.username, password: world.memberPassword, projectId: owned.id };
  const noRecord = () => {};
  const [writer, other] = [0, 1].map(
    (home) => new HttpClient(cluster.apiUrls, home % cluster.apiUrls.length, `172.31.0.${home + 1}`, noRecord),
  );
  for (const client of [writer!, other!]) {
    const { status } = await client.send('POST', '/api/auth/login', {
      username: member.username,
      password: member.password,
    });
    if (status !== 200) throw new Error(`the probe member could not sign in (${status})`);
  }
  const counts = { writes: 0, reads: 0, fresh: 0, failedWrites: 0 };
  for (let n = 1; Date.now() < untilMs; n += 1) {
    const title = `Probe title ${Date.now()}-${n}`;
    const edit = await writer!.send('PATCH', `/api/projects/${member.projectId}`, {
      title,
      description: 'A project the fault suite edits and reads back at once.',
      replitUrl: `https://project.example/probe-${member.projectId}`,
      category: 'Web App',
      tags: 'faults',
    });
    if (edit.status !== 200) {
      counts.failedWrites += 1;
      await sleep(PROBE_EVERY_MS);
      continue;
    }
    counts.writes += 1;
    for (const client of [writer!, other!]) {
      const page = await client.send('GET', `/api/projects/${member.projectId}`);
      const feed = await client.send('GET', sitePaths.userFeed(member.username, 'atom'));
      counts.reads += 2;
      if ((page.body as { title?: string } | null)?.title === title) counts.fresh += 1;
      if (typeof feed.body === 'string' && feed.body.includes(title)) counts.fresh += 1;
    }
    await sleep(PROBE_EVERY_MS);
  }
  return counts;
}

/** The replica of `cluster`, or an error naming what the scenario needs. */
function replicaOf(cluster: Cluster): NonNullable<Cluster['replica']> {
  if (!cluster.replica) throw new Error('this scenario needs the cluster started with a replica');
  return cluster.replica;
}

export const PAST_ONE_MACHINE_FAULTS = {
  'replica-stop': {
    name: 'replica-stop',
    label: () => `PostgreSQL replica stopped for ${REPLICA_FAULT_S} s (pg_ctl stop -m fast), then started`,
    strict: true,
    async inject(cluster, _o, log): Promise<FaultWindow> {
      const replica = replicaOf(cluster);
      const start = Date.now();
      log(`stopping the replica for ${REPLICA_FAULT_S} s`);
      await replica.stop();
      // Counted from the moment it is down (a read that began before may still have finished there).
      const before = await cluster.readRoutes();
      await sleep(REPLICA_FAULT_S * 1000);
      const during = routeDelta(before, await cluster.readRoutes());
      await replica.start();
      const end = Date.now();
      log('the replica runs again');
      const backS = await replicaServesAgain(cluster);
      return {
        start,
        end,
        figures: [
          `public reads while the replica was down: ${describeRoutes(during)}`,
          backS === null
            ? 'the replica did not serve reads again'
            : `the replica served reads again ${backS} s after it started`,
        ],
        missed: [
          ...((during.get('replica/replica') ?? 0) > 0 ? ['reads were answered by a stopped replica'] : []),
          ...(backS === null ? ['the replica never served reads again'] : []),
        ],
      };
    },
  },
  'replica-lag': {
    name: 'replica-lag',
    label: () =>
      `PostgreSQL replica lagging: replay paused for ${REPLICA_FAULT_S} s (pg_wal_replay_pause), members edit and read back`,
    strict: true,
    async inject(cluster, _o, log, world): Promise<FaultWindow> {
      const replica = replicaOf(cluster);
      const before = await cluster.readRoutes();
      const start = Date.now();
      log(`pausing the replica's replay for ${REPLICA_FAULT_S} s while a member edits and reads back`);
      await withSql(replica.url, (sql) => sql`SELECT pg_wal_replay_pause()`);
      let probe: Awaited<ReturnType<typeof readYourWritesProbe>>;
      let withinBound: Map<string, number>;
      let pastBound: Map<string, number>;
      try {
        const probing = readYourWritesProbe(cluster, world, start + REPLICA_FAULT_S * 1000);
        probing.catch(() => {});
        await sleep(FAULTS_REPLICA_MAX_LAG_MS);
        const middle = await cluster.readRoutes();
        withinBound = routeDelta(before, middle);
        probe = await probing;
        pastBound = routeDelta(middle, await cluster.readRoutes());
      } finally {
        await withSql(replica.url, (sql) => sql`SELECT pg_wal_replay_resume()`);
      }
      const end = Date.now();
      log('replay resumed');
      const backS = await replicaServesAgain(cluster);
      return {
        start,
        end,
        figures: [
          `public reads in the pause's first ${FAULTS_REPLICA_MAX_LAG_MS / 1000} s (lag within the bound): ${describeRoutes(withinBound)}`,
          `public reads in the rest of the pause (lag past the bound): ${describeRoutes(pastBound)}`,
          `read-your-writes probe: ${probe.writes} edits acknowledged (${probe.failedWrites} not), ${probe.fresh} of ${probe.reads} reads right after them showed the edit (page and feed, through both nodes)`,
          backS === null
            ? 'the replica did not serve reads again'
            : `the replica served reads again ${backS} s after replay resumed`,
        ],
        missed: [
          ...(probe.writes === 0 ? ['the probe member could not edit'] : []),
          ...(probe.fresh < probe.reads ? [`${probe.reads - probe.fresh} read(s) missed the member's own edit`] : []),
          ...(backS === null ? ['the replica never served reads again'] : []),
        ],
      };
    },
  },
  'replica-promotion': {
    name: 'replica-promotion',
    label: () => 'PostgreSQL replica promoted (pg_ctl promote): it no longer follows the primary',
    strict: true,
    async inject(cluster, _o, log): Promise<FaultWindow> {
      const replica = replicaOf(cluster);
      const start = Date.now();
      log('promoting the replica');
      await replica.promote();
      const end = Date.now();
      // The nodes notice at their next replica check (DATABASE_REPLICA_CHECK_MS); a read already routed may still run there.
      await sleep(1000);
      const before = await cluster.readRoutes();
      await sleep(PROMOTED_WATCH_S * 1000);
      const after = routeDelta(before, await cluster.readRoutes());
      return {
        start,
        end,
        figures: [`public reads from 1 s after the promotion: ${describeRoutes(after)}`],
        missed: (after.get('replica/replica') ?? 0) > 0 ? ['reads went to the promoted server'] : [],
      };
    },
  },
  'redis-failover': {
    name: 'redis-failover',
    label: () => 'Redis Sentinel switchover (old primary writes held, SENTINEL FAILOVER) while the api serves',
    strict: true,
    keepsSessions: true,
    async inject(cluster, _o, log): Promise<FaultWindow> {
      const sentinel = cluster.sentinel;
      if (!sentinel) throw new Error('this scenario needs the cluster started with sentinels');
      const start = Date.now();
      log("holding the Redis primary's writes and asking a sentinel to fail over");
      const { from, to } = await sentinel.failover(true);
      const end = Date.now();
      log(`the sentinels name ${to} as the Redis primary (was ${from})`);
      const answered = await waitUntil(
        async () => (await Promise.all(cluster.apiUrls.map(healthy))).every(Boolean),
        30_000,
      );
      return {
        start,
        end,
        figures: [
          `failover ${from} -> ${to} took ${Math.round((end - start) / 100) / 10} s (every sentinel agreeing, the new primary answering)`,
        ],
        missed: answered ? [] : ['an api node was not healthy after the failover'],
      };
    },
  },
} satisfies Record<string, Fault>;
