import type { DomainEvent, StoredEvent } from '@vitrine/domain/events';
import { RING_RULES } from '@vitrine/domain/rankings';
import type { ClusterSignal, ClusterStatus } from '@vitrine/domain/schemas/integrity';
import { retryTransaction } from '../retry';
import type { Sql, Tx } from '../sql';
import { makeEventQueries } from './events';
import { lockBoardsForDeletion } from './rankings';
import { reweighTallies } from './tallies';
import { makeVoteQueries } from './votes';

/** A ring the scan found: its signal, members and the votes it holds. */
export interface RingCandidate {
  signal: ClusterSignal;
  /** The same ring found again has the same fingerprint: it is filed once. */
  fingerprint: string;
  summary: string;
  networks: string[];
  accountIds: number[];
  voteIds: number[];
}

/** A cluster row (migration 0025). */
export interface ClusterRow {
  id: number;
  signal: ClusterSignal;
  status: ClusterStatus;
  evidence: { summary: string; networks: string[]; accountIds: number[]; voteIds: number[] };
  reason: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
}

/** What an admin reviews of a cluster (evidenceOf). */
export interface ClusterEvidence {
  accounts: Array<{ id: number; username: string; createdAt: Date; network: string | null; isPaused: boolean }>;
  timeline: Array<{
    projectId: number;
    projectTitle: string;
    username: string | null;
    network: string | null;
    createdAt: Date;
  }>;
  projects: Array<{ id: number; title: string; votes: number }>;
  voteCount: number;
}

/** Votes of a cluster's timeline, and projects of its list, at most. */
const TIMELINE_VOTES = 200;
/** Vote ids a cluster keeps as its evidence, at most (the timeline shows the first 200). */
const MAX_EVIDENCE_VOTES = 5000;
/** Votes promoted to standing per scan, at most (the next scan goes on). */
const PROMOTE_BATCH = 10_000;

const ms = (value: number) => `${value} milliseconds`;

/**
 * Fresh accounts of one network (their sign-up /24 or /48) that voted for one project within
 * RING_RULES.voteSpanMs: at least networkAccounts of them, made within accountSpanMs of each other and
 * younger than freshAccountMs. One candidate per network, holding every recent vote of those accounts.
 */
async function networkRings(sql: Tx, since: Date, now: Date): Promise<RingCandidate[]> {
  const rows = await sql<{ net: string; accountIds: number[]; voteIds: number[] }[]>`
    WITH recent AS (
      SELECT v.id, v.project_id, v.user_id, v.created_at, u.created_at AS joined, u.signup_network AS net
      FROM votes v JOIN users u ON u.id = v.user_id
      WHERE v.created_at >= ${since}::timestamptz AND v.cluster_id IS NULL AND u.signup_network IS NOT NULL
        AND NOT u.is_admin AND u.created_at >= ${now}::timestamptz - ${ms(RING_RULES.freshAccountMs)}::interval
    ), bursts AS (
      SELECT net, project_id FROM recent GROUP BY net, project_id
      HAVING count(DISTINCT user_id) >= ${RING_RULES.networkAccounts}
        AND max(created_at) - min(created_at) <= ${ms(RING_RULES.voteSpanMs)}::interval
        AND max(joined) - min(joined) <= ${ms(RING_RULES.accountSpanMs)}::interval
    ), members AS (
      SELECT DISTINCT r.net, r.user_id FROM recent r JOIN bursts b ON b.net = r.net AND b.project_id = r.project_id
    )
    SELECT m.net, array_agg(DISTINCT m.user_id ORDER BY m.user_id) AS account_ids, array_agg(DISTINCT r.id ORDER BY r.id) AS vote_ids
    FROM members m JOIN recent r ON r.user_id = m.user_id
    GROUP BY m.net`;
  return rows.map((r) => ({
    signal: 'network',
    fingerprint: `${r.net}:${r.accountIds.join(',')}`,
    summary: `${r.accountIds.length} accounts made close together from ${r.net} voted for the same project within minutes`,
    networks: [r.net],
    accountIds: r.accountIds,
    voteIds: r.voteIds,
  }));
}

/**
 * Pairs of accounts whose recent vote sets are near-identical: Jaccard >= RING_RULES.jaccard over at
 * least sameVotesProjects shared projects. Projects with more than pairProjectVoters recent voters
 * are not compared (the pairs of a popular project would grow with the square of its voters).
 */
async function similarPairs(sql: Tx, since: Date): Promise<Array<{ ua: number; ub: number }>> {
  return sql<{ ua: number; ub: number }[]>`
    WITH sets AS MATERIALIZED (
      SELECT v.user_id, v.project_id FROM votes v
      WHERE v.created_at >= ${since}::timestamptz AND v.user_id IS NOT NULL AND v.cluster_id IS NULL
    ), sized AS (
      SELECT user_id, count(*)::int AS n FROM sets GROUP BY user_id HAVING count(*) >= ${RING_RULES.sameVotesProjects}
    ), compared AS (
      SELECT s.user_id, s.project_id FROM sets s JOIN sized z ON z.user_id = s.user_id
      WHERE s.project_id IN (SELECT project_id FROM sets GROUP BY project_id HAVING count(*) <= ${RING_RULES.pairProjectVoters})
    ), pairs AS (
      SELECT a.user_id AS ua, b.user_id AS ub, count(*)::int AS inter
      FROM compared a JOIN compared b ON b.project_id = a.project_id AND b.user_id > a.user_id
      GROUP BY 1, 2
    )
    SELECT p.ua, p.ub FROM pairs p JOIN sized sa ON sa.user_id = p.ua JOIN sized sb ON sb.user_id = p.ub
    WHERE p.inter >= ${RING_RULES.sameVotesProjects} AND p.inter::float8 / (sa.n + sb.n - p.inter) >= ${RING_RULES.jaccard}`;
}

/** The groups of accounts that `pairs` join (connected components), each sorted. */
function components(pairs: Array<{ ua: number; ub: number }>): number[][] {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let root = x;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  for (const { ua, ub } of pairs) {
    if (!parent.has(ua)) parent.set(ua, ua);
    if (!parent.has(ub)) parent.set(ub, ub);
    parent.set(find(ua), find(ub));
  }
  const groups = new Map<number, number[]>();
  for (const id of parent.keys()) groups.set(find(id), [...(groups.get(find(id)) ?? []), id]);
  return [...groups.values()].map((g) => g.sort((a, b) => a - b));
}

/** Sets of at least RING_RULES.sameVotesAccounts accounts whose recent votes are near-identical. */
async function sameVoteRings(sql: Tx, since: Date): Promise<RingCandidate[]> {
  const groups = components(await similarPairs(sql, since)).filter((g) => g.length >= RING_RULES.sameVotesAccounts);
  const rings: RingCandidate[] = [];
  for (const accountIds of groups) {
    const [row] = await sql<{ voteIds: number[]; networks: string[] | null; projects: number }[]>`
      SELECT array_agg(v.id ORDER BY v.id) AS vote_ids, array_agg(DISTINCT v.network) FILTER (WHERE v.network IS NOT NULL) AS networks,
             count(DISTINCT v.project_id)::int AS projects
      FROM votes v
      WHERE v.user_id = ANY(${accountIds}::int[]) AND v.created_at >= ${since}::timestamptz AND v.cluster_id IS NULL`;
    rings.push({
      signal: 'sameVotes',
      fingerprint: accountIds.join(','),
      summary: `${accountIds.length} accounts voted for near-identical sets of projects (${row!.projects} projects)`,
      networks: row!.networks ?? [],
      accountIds,
      voteIds: row!.voteIds,
    });
  }
  return rings;
}

/** At least RING_RULES.visitorBurstVotes visitor votes from one network for one project within voteSpanMs. */
async function visitorBursts(sql: Tx, since: Date): Promise<RingCandidate[]> {
  const rows = await sql<{ network: string; projectId: number; voteIds: number[] }[]>`
    SELECT network, project_id, array_agg(id ORDER BY id) AS vote_ids
    FROM votes
    WHERE created_at >= ${since}::timestamptz AND user_id IS NULL AND cluster_id IS NULL AND network IS NOT NULL
    GROUP BY network, project_id, date_bin(${ms(RING_RULES.voteSpanMs)}::interval, created_at, timestamptz '2000-01-01')
    HAVING count(*) >= ${RING_RULES.visitorBurstVotes}`;
  return rows.map((r) => ({
    signal: 'visitorBurst',
    fingerprint: `${r.network}:${r.projectId}:${r.voteIds[0]}`,
    summary: `${r.voteIds.length} visitor votes from ${r.network} for one project within minutes`,
    networks: [r.network],
    accountIds: [],
    voteIds: r.voteIds,
  }));
}

/** Every ring among the votes of the last RING_RULES.lookbackMs before `now` not held yet. */
export async function findRings(sql: Tx, now: Date): Promise<RingCandidate[]> {
  const since = new Date(now.getTime() - RING_RULES.lookbackMs);
  return [
    ...(await networkRings(sql, since, now)),
    ...(await sameVoteRings(sql, since)),
    ...(await visitorBursts(sql, since)),
  ];
}

/**
 * Files `ring` as an open cluster and holds its votes (weight 0, the counters and tallies follow) in
 * `tx`, which took every board's lock first. A ring filed before (the same fingerprint: an admin may
 * have cleared it) is left alone: answers null.
 */
async function fileRing(tx: Tx, ring: RingCandidate): Promise<{ clusterId: number; projectIds: number[] } | null> {
  const evidence = {
    summary: ring.summary,
    networks: ring.networks,
    accountIds: ring.accountIds,
    voteIds: ring.voteIds.slice(0, MAX_EVIDENCE_VOTES),
  };
  const [row] = await tx<{ id: number }[]>`
    INSERT INTO integrity_clusters (signal, fingerprint, evidence) VALUES (${ring.signal}, ${ring.fingerprint}, ${tx.json(evidence)})
    ON CONFLICT (signal, fingerprint) DO NOTHING RETURNING id`;
  if (!row) return null;
  const changes = await makeVoteQueries(tx).holdVotes(row.id, ring.voteIds);
  await reweighTallies(tx, changes);
  return { clusterId: row.id, projectIds: [...new Set(changes.map((c) => c.projectId))].sort((a, b) => a - b) };
}

/**
 * Files `ring` and holds its votes in one transaction (every board's lock first) with its
 * integrity.clusterFlagged event; null when the ring was filed before.
 */
export async function holdRing(
  sql: Sql,
  ring: RingCandidate,
): Promise<{ clusterId: number; events: StoredEvent[] } | null> {
  return retryTransaction(
    () =>
      sql.begin(async (tx) => {
        await lockBoardsForDeletion(tx);
        const cluster = await fileRing(tx, ring);
        if (!cluster) return null;
        const event: DomainEvent = { name: 'integrity.clusterFlagged', ...cluster };
        return { clusterId: cluster.clusterId, events: await makeEventQueries(tx).recordEvents([event]) };
      }) as Promise<{ clusterId: number; events: StoredEvent[] } | null>,
  );
}

/** What a scan did: the clusters it filed, their events (to publish), and the votes promoted to standing. */
export interface ScanResult {
  clusterIds: number[];
  events: StoredEvent[];
  promoted: number;
}

/**
 * The integrity scan (the worker's, every INTEGRITY_SCAN_SECONDS): files each ring found among the
 * recent votes and holds its votes, one transaction per ring with its integrity.clusterFlagged
 * event; then gives the votes of members who reached standing since their weight.
 */
export async function runIntegrityScan(sql: Sql, now: Date = new Date()): Promise<ScanResult> {
  const found = await findRings(sql, now);
  const result: ScanResult = { clusterIds: [], events: [], promoted: 0 };
  // Two signals may find one ring: a vote goes to the first that holds it.
  const taken = new Set<number>();
  for (const candidate of found) {
    const ring = { ...candidate, voteIds: candidate.voteIds.filter((id) => !taken.has(id)) };
    if (ring.voteIds.length === 0) continue;
    for (const id of ring.voteIds) taken.add(id);
    const filed = await holdRing(sql, ring);
    if (filed) {
      result.clusterIds.push(filed.clusterId);
      result.events.push(...filed.events);
    }
  }
  // Every board's lock only when some vote is due: an idle scan never waits on (or holds up) a recompute.
  if (!(await makeVoteQueries(sql).hasPromotable())) return result;
  result.promoted = await retryTransaction(
    () =>
      sql.begin(async (tx) => {
        await lockBoardsForDeletion(tx);
        const changes = await makeVoteQueries(tx).promoteToStanding(PROMOTE_BATCH);
        await reweighTallies(tx, changes);
        return changes.length;
      }) as Promise<number>,
  );
  return result;
}

/** Queries on integrity_clusters (and the reads of their evidence). Pass the pool or a transaction. */
export function makeIntegrityQueries(sql: Tx) {
  return {
    /** Clusters of `status`, newest first (integrity_clusters_status_idx). */
    async listClusters(status: ClusterStatus, limit: number): Promise<ClusterRow[]> {
      return sql<ClusterRow[]>`
        SELECT id, signal, status, evidence, reason, reviewed_at, created_at FROM integrity_clusters
        WHERE status = ${status} ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
    },

    /** Cluster `id`, locked for its decision; undefined when there is none. */
    async lockCluster(id: number): Promise<ClusterRow | undefined> {
      const [row] = await sql<ClusterRow[]>`
        SELECT id, signal, status, evidence, reason, reviewed_at, created_at FROM integrity_clusters
        WHERE id = ${id} FOR UPDATE`;
      return row;
    },

    /** What an admin reviews of `cluster`: its accounts, its votes' timeline (the first 200) and their projects. */
    async evidenceOf(cluster: ClusterRow): Promise<ClusterEvidence> {
      const { accountIds, voteIds } = cluster.evidence;
      const accounts = await sql<ClusterEvidence['accounts']>`
        SELECT id, username, created_at, signup_network AS network, is_paused FROM users
        WHERE id = ANY(${accountIds}::int[]) ORDER BY created_at, id`;
      const timeline = await sql<ClusterEvidence['timeline']>`
        SELECT v.project_id, p.title AS project_title, u.username, v.network, v.created_at
        FROM votes v JOIN projects p ON p.id = v.project_id LEFT JOIN users u ON u.id = v.user_id
        WHERE v.id = ANY(${voteIds}::int[]) ORDER BY v.created_at, v.id LIMIT ${TIMELINE_VOTES}`;
      const projects = await sql<ClusterEvidence['projects']>`
        SELECT p.id, p.title, count(*)::int AS votes FROM votes v JOIN projects p ON p.id = v.project_id
        WHERE v.id = ANY(${voteIds}::int[]) GROUP BY p.id ORDER BY votes DESC, p.id LIMIT ${TIMELINE_VOTES}`;
      return { accounts, timeline, projects, voteCount: voteIds.length };
    },

    /** Records an admin's decision on an open cluster. */
    async decide(id: number, status: 'confirmed' | 'cleared', reason: string, adminId: number): Promise<void> {
      await sql`
        UPDATE integrity_clusters SET status = ${status}, reason = ${reason}, reviewed_by = ${adminId}, reviewed_at = now()
        WHERE id = ${id}`;
    },
  };
}
