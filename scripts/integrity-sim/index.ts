/**
 * `npm run integrity:sim [-- --seed 1 --members 1500 --days 4 --rings 3 --scan-minutes 60]`: replays
 * generated traffic (traffic.ts) through the real integrity scan (db/src/queries/integrity.ts
 * runIntegrityScan, as the worker runs it, every `--scan-minutes` of simulated time) on a throwaway
 * database, dropped at the end. Votes are written as the cast writes them, stamped with their simulated
 * time; strip views go through the real impression count (db/src/queries/impressions.ts). Prints the
 * recall of each adversary strategy (its accounts, or its visitor votes, that a filed cluster holds)
 * and the share of honest accounts flagged, against the targets of docs/security.md.
 */
import { parseArgs } from 'node:util';
import { RISING_MAX_IMPRESSIONS, RISING_MAX_LIMIT } from '../../domain/src/constants';
import { createSql, type Sql } from '../../db/src/sql';
import { createTestDatabase } from '../../db/src/testing';
import { makeImpressionQueries } from '../../db/src/queries/impressions';
import { runIntegrityScan } from '../../db/src/queries/integrity';
import { MINUTE, makeTraffic, STRATEGIES, type SimEvent, type Strategy, type Traffic } from './traffic';

const TARGET_RECALL = 0.9;
const TARGET_HONEST_FLAGGED = 0.005;

/** Makes the accounts and projects of `t`; answers their database ids by key. */
async function seed(sql: Sql, t: Traffic): Promise<{ users: number[]; projects: number[] }> {
  const [owner] = await sql<{ id: number }[]>`
    INSERT INTO users (username, password_hash, created_at) VALUES ('sim_owner', 'x', ${new Date(t.start - 400 * 86_400_000)}) RETURNING id`;
  const users: number[] = [];
  for (let i = 0; i < t.accounts.length; i += 1000) {
    const rows = t.accounts.slice(i, i + 1000).map((a) => ({
      username: `sim_${a.key}`,
      password_hash: 'x',
      created_at: new Date(a.joined),
      signup_network: a.network,
    }));
    users.push(...(await sql<{ id: number }[]>`INSERT INTO users ${sql(rows)} RETURNING id`).map((r) => r.id));
  }
  const projects: number[] = [];
  for (let i = 0; i < t.projects.length; i += 1000) {
    const rows = t.projects.slice(i, i + 1000).map((p) => ({
      title: `Sim project ${p.key}`,
      description: 'A project of the integrity simulator.',
      replit_url: `https://sim.example/${p.key}`,
      category: 'Web App',
      tags: 'sim',
      user_id: owner!.id,
      created_at: new Date(p.created),
    }));
    projects.push(...(await sql<{ id: number }[]>`INSERT INTO projects ${sql(rows)} RETURNING id`).map((r) => r.id));
  }
  return { users, projects };
}

/** Writes `votes` as the cast does (network, kind and weight by the trigger), at their simulated times. */
async function writeVotes(sql: Sql, ids: { users: number[]; projects: number[] }, votes: SimEvent[]) {
  type VoteRow = { project_id: number; user_id: number | null; ip_address: string; network: string; created_at: Date };
  const rows = votes.flatMap((e): VoteRow[] => {
    if (e.kind === 'vote')
      return [
        {
          project_id: ids.projects[e.project]!,
          user_id: ids.users[e.account]!,
          ip_address: `${e.network}#${e.account}`,
          network: e.network,
          created_at: new Date(e.at),
        },
      ];
    if (e.kind === 'visitorVote')
      return [
        {
          project_id: ids.projects[e.project]!,
          user_id: null,
          ip_address: e.ip,
          network: e.network,
          created_at: new Date(e.at),
        },
      ];
    return [];
  });
  for (let i = 0; i < rows.length; i += 1000)
    await sql`INSERT INTO votes ${sql(rows.slice(i, i + 1000))} ON CONFLICT DO NOTHING`;
}

/** A strip view: the viewer's strip read, and its cards (or the one the flood aims at) counted as seen. */
async function view(sql: Sql, ids: { users: number[]; projects: number[] }, e: Extract<SimEvent, { kind: 'view' }>) {
  const userId = e.account === null ? null : ids.users[e.account]!;
  const visitor = {
    key: userId === null ? `ip:${e.ip}` : `u:${userId}`,
    now: new Date(e.at),
    userId,
    network: e.network,
  };
  const impressions = makeImpressionQueries(sql);
  const shown =
    e.project === null
      ? (await impressions.listStrip(visitor, { userId, ip: e.ip }, 6)).map((p) => p.id)
      : [ids.projects[e.project]!];
  if (shown.length > 0) await impressions.countImpressions(visitor, shown, RISING_MAX_LIMIT);
}

/** Replays the events in time order, running the scan every `scanMs` of simulated time and once at the end. */
async function replay(sql: Sql, t: Traffic, ids: { users: number[]; projects: number[] }, scanMs: number) {
  let next = t.start + scanMs;
  let pending: SimEvent[] = [];
  let scans = 0;
  const scan = async (now: number) => {
    await writeVotes(sql, ids, pending);
    pending = [];
    await runIntegrityScan(sql, new Date(now));
    scans += 1;
  };
  for (const e of t.events) {
    while (e.at >= next) {
      await scan(next);
      next += scanMs;
    }
    if (e.kind === 'view') {
      await writeVotes(sql, ids, pending);
      pending = [];
      await view(sql, ids, e);
    } else pending.push(e);
  }
  await scan(Math.max(next, t.end));
  return scans;
}

/** Per strategy: its units (accounts, or visitor votes for binStraddling) and how many a cluster holds. */
async function measure(sql: Sql, t: Traffic, ids: { users: number[]; projects: number[] }) {
  const flagged = new Set(
    (
      await sql<{ id: number }[]>`
      SELECT DISTINCT jsonb_array_elements_text(evidence->'accountIds')::int AS id FROM integrity_clusters`
    ).map((r) => r.id),
  );
  const recall = new Map<Strategy, { units: number; caught: number }>(
    STRATEGIES.map((s) => [s, { units: 0, caught: 0 }]),
  );
  let honest = 0;
  let honestFlagged = 0;
  for (const a of t.accounts) {
    const hit = flagged.has(ids.users[a.key]!);
    if (a.owner === 'honest') {
      honest += 1;
      if (hit) honestFlagged += 1;
    } else {
      const r = recall.get(a.owner)!;
      r.units += 1;
      if (hit) r.caught += 1;
    }
  }
  const [straddle] = await sql<{ units: number; caught: number }[]>`
    SELECT count(*)::int AS units, count(*) FILTER (WHERE cluster_id IS NOT NULL)::int AS caught FROM votes
    WHERE user_id IS NULL AND ip_address NOT LIKE '%#%'`;
  recall.set('binStraddling', straddle!);
  const [visitors] = await sql<{ units: number; caught: number }[]>`
    SELECT count(*)::int AS units, count(*) FILTER (WHERE cluster_id IS NOT NULL)::int AS caught FROM votes
    WHERE user_id IS NULL AND ip_address LIKE '%#%'`;
  const targets = t.floodTargets.map((k) => ids.projects[k]!);
  const flooders = t.accounts.filter((a) => a.owner === 'impressionFlood').map((a) => `u:${ids.users[a.key]!}`);
  // What each flood added to its project's weighed impressions as the strip counts them (unheld), at most.
  const [exposure] = await sql<{ worst: number }[]>`
    SELECT coalesce(max(w), 0)::float8 AS worst FROM (
      SELECT project_id, sum(weight) AS w FROM project_impressions
      WHERE project_id = ANY(${targets}::int[]) AND visitor = ANY(${flooders}::text[]) AND cluster_id IS NULL
      GROUP BY project_id) s`;
  return { recall, honest, honestFlagged, visitors: visitors!, floodExposure: exposure!.worst };
}

async function main() {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string', default: '1' },
      members: { type: 'string', default: '1500' },
      days: { type: 'string', default: '4' },
      rings: { type: 'string', default: '3' },
      'scan-minutes': { type: 'string', default: '60' },
    },
  });
  const opts = {
    seed: Number(values.seed),
    members: Number(values.members),
    days: Number(values.days),
    rings: Number(values.rings),
    end: Math.floor(Date.now() / MINUTE) * MINUTE,
  };
  const started = performance.now();
  const t = makeTraffic(opts);
  const db = await createTestDatabase('vitrine_integrity_sim');
  const sql = createSql(db.url, { max: 2 });
  try {
    const ids = await seed(sql, t);
    const scans = await replay(sql, t, ids, Number(values['scan-minutes']) * MINUTE);
    const m = await measure(sql, t, ids);
    report(opts, t, scans, m, (performance.now() - started) / 1000);
  } finally {
    await sql.end();
    await db.drop();
  }
}

function report(
  opts: { seed: number; members: number; days: number; rings: number },
  t: Traffic,
  scans: number,
  m: Awaited<ReturnType<typeof measure>>,
  seconds: number,
) {
  const votes = t.events.filter((e) => e.kind !== 'view').length;
  const views = t.events.length - votes;
  console.log(
    `integrity simulator, seed ${opts.seed}: ${opts.days} days, ${m.honest} honest members, ${votes} votes, ${views} strip views, ` +
      `${opts.rings} instance(s) of each strategy, ${scans} scans, ${seconds.toFixed(0)} s`,
  );
  const rows: Array<{ measure: string; value: string; target: string; met: boolean }> = [];
  for (const [strategy, r] of m.recall) {
    const recall = r.units === 0 ? 0 : r.caught / r.units;
    const unit = strategy === 'binStraddling' ? 'votes' : 'accounts';
    rows.push({
      measure: `recall: ${strategy}`,
      value: `${recall.toFixed(2)} (${r.caught}/${r.units} ${unit})`,
      target: `>= ${TARGET_RECALL}`,
      met: recall >= TARGET_RECALL,
    });
  }
  const share = m.honestFlagged / m.honest;
  rows.push({
    measure: 'honest accounts flagged',
    value: `${(share * 100).toFixed(2)} % (${m.honestFlagged}/${m.honest})`,
    target: `<= ${TARGET_HONEST_FLAGGED * 100} %`,
    met: share <= TARGET_HONEST_FLAGGED,
  });
  rows.push({
    measure: 'honest visitor votes held',
    value: `${((m.visitors.caught / m.visitors.units) * 100).toFixed(2)} % (${m.visitors.caught}/${m.visitors.units})`,
    target: '-',
    met: true,
  });
  rows.push({
    measure: "a flood's weight on its project's impressions",
    value: m.floodExposure.toFixed(2),
    target: `<= 1 (of ${RISING_MAX_IMPRESSIONS})`,
    met: m.floodExposure <= 1,
  });
  console.table(rows);
  if (rows.some((r) => !r.met)) process.exitCode = 1;
}

await main();
