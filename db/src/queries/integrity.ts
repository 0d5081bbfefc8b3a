import type { DomainEvent, StoredEvent } from '@vitrine/domain/events';
import { RING_RULES } from '@vitrine/domain/rankings';
import type { ClusterSignal, ClusterStatus } from '@vitrine/domain/schemas/integrity';
import { retryTransaction } from '../retry';
import type { Sql, Tx } from '../sql';
import { makeEventQueries } from './events';
import { makeImpressionQueries } from './impressions';
import { coVoteRings, impressionFloods, networkRings, visitorBursts, type RingCandidate } from './ring-signals';
import { lockBoardsForDeletion } from './rankings';
import { reweighTallies } from './tallies';
import { makeVoteQueries } from './votes';

export type { RingCandidate } from './ring-signals';

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

/** Every ring among the votes and impressions of the scan's windows (ending at `now`) not held yet. */
export async function findRings(sql: Tx, now: Date): Promise<RingCandidate[]> {
  const since = new Date(now.getTime() - RING_RULES.lookbackMs);
  return [
    ...(await networkRings(sql, since, now)),
    ...(await coVoteRings(sql, now)),
    ...(await visitorBursts(sql, since, now)),
    ...(await impressionFloods(sql, since, now)),
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
  if (ring.impressions) await makeImpressionQueries(tx).holdImpressions(row.id, ring.impressions);
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
 * recent votes and impressions (db/src/queries/ring-signals.ts) and holds them, one transaction per ring with its integrity.clusterFlagged
 * event; then gives the votes of members who reached standing since their weight.
 */
export async function runIntegrityScan(sql: Sql, now: Date = new Date()): Promise<ScanResult> {
  const found = await findRings(sql, now);
  const result: ScanResult = { clusterIds: [], events: [], promoted: 0 };
  // Two signals may find one ring: a vote goes to the first that holds it.
  const taken = new Set<number>();
  for (const candidate of found) {
    const ring = { ...candidate, voteIds: candidate.voteIds.filter((id) => !taken.has(id)) };
    if (ring.voteIds.length === 0 && !ring.impressions?.length) continue;
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
