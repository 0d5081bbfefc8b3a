import { RING_RULES } from '@vitrine/domain/rankings';
import type { ClusterSignal } from '@vitrine/domain/schemas/integrity';
import type { Fragment, Tx } from '../sql';
import type { ImpressionKey } from './impressions';

/** A ring the scan found: its signal, members and the votes (and impressions) it holds. */
export interface RingCandidate {
  signal: ClusterSignal;
  /** The same ring found again has the same fingerprint: it is filed once. */
  fingerprint: string;
  summary: string;
  networks: string[];
  accountIds: number[];
  voteIds: number[];
  /** Impressions the ring holds (project_impressions keys); none for a vote ring. */
  impressions?: ImpressionKey[];
}

const ms = (value: number) => `${value} milliseconds`;

/** One vote of a member of a network group (the network and project the account signed up from and voted for). */
interface GroupVote {
  net: string;
  projectId: number;
  userId: number;
  at: Date;
  joined: Date;
  fresh: boolean;
}

/**
 * The accounts of one sign-up network's votes on one project (`votes`, by time) that act as a ring:
 * a sliding window of voteSpanMs at every vote holds at least networkAccounts fresh accounts whose
 * sign-ups cluster by density (each within accountGapMs of the next: a chain, so staggered sign-ups
 * stay one cluster while an odd one out is dropped from the cluster, not the cluster dropped). The
 * accounts of those windows are the core; every account of the group voting within borderMs of the
 * core's votes joins it (a straggler, an older puppet). Empty when no window qualifies.
 */
export function ringOfGroup(votes: GroupVote[]): number[] {
  const core = new Set<number>();
  let first = Infinity;
  let last = -Infinity;
  for (const [i, start] of votes.entries()) {
    const end = start.at.getTime() + RING_RULES.voteSpanMs;
    const window = votes.slice(i).filter((v) => v.fresh && v.at.getTime() <= end);
    if (window.length < RING_RULES.networkAccounts) continue;
    for (const cluster of densityChains(window, RING_RULES.accountGapMs)) {
      if (cluster.length < RING_RULES.networkAccounts) continue;
      for (const v of cluster) {
        core.add(v.userId);
        first = Math.min(first, v.at.getTime());
        last = Math.max(last, v.at.getTime());
      }
    }
  }
  if (core.size === 0) return [];
  const members = votes.filter(
    (v) =>
      core.has(v.userId) ||
      (v.at.getTime() >= first - RING_RULES.borderMs && v.at.getTime() <= last + RING_RULES.borderMs),
  );
  return [...new Set(members.map((v) => v.userId))].sort((a, b) => a - b);
}

/** `votes` split where two consecutive sign-ups (sorted) are more than `gap` apart. */
function densityChains(votes: GroupVote[], gap: number): GroupVote[][] {
  const sorted = [...votes].sort((a, b) => a.joined.getTime() - b.joined.getTime());
  const chains: GroupVote[][] = [];
  for (const v of sorted) {
    const chain = chains.at(-1);
    const previous = chain?.at(-1);
    if (chain && previous && v.joined.getTime() - previous.joined.getTime() <= gap) chain.push(v);
    else chains.push([v]);
  }
  return chains;
}

/**
 * The votes of the window of every (sign-up network, project) where at least networkAccounts accounts
 * that were fresh when they voted voted for one project, with every other member of that network who
 * voted for it (the border). Votes a ring holds already are read too: an account that joins a held
 * ring later is found with it.
 */
async function networkGroups(sql: Tx, since: Date, now: Date): Promise<GroupVote[]> {
  return sql<GroupVote[]>`
    WITH fresh AS (
      SELECT u.signup_network AS net, v.project_id, v.user_id
      FROM votes v JOIN users u ON u.id = v.user_id
      WHERE v.created_at >= ${since}::timestamptz AND v.created_at <= ${now}::timestamptz
        AND u.signup_network IS NOT NULL AND NOT u.is_admin
        AND u.created_at >= ${since}::timestamptz - ${ms(RING_RULES.freshAccountMs)}::interval
        AND u.created_at >= v.created_at - ${ms(RING_RULES.freshAccountMs)}::interval
    ), groups AS (
      SELECT net, project_id FROM fresh GROUP BY net, project_id HAVING count(DISTINCT user_id) >= ${RING_RULES.networkAccounts}
    )
    SELECT g.net, v.project_id, v.user_id, v.created_at AS at, u.created_at AS joined,
           u.created_at >= v.created_at - ${ms(RING_RULES.freshAccountMs)}::interval AS fresh
    FROM groups g
    JOIN votes v ON v.project_id = g.project_id AND v.created_at >= ${since}::timestamptz AND v.created_at <= ${now}::timestamptz
    JOIN users u ON u.id = v.user_id AND u.signup_network = g.net AND NOT u.is_admin
    ORDER BY g.net, v.project_id, v.created_at, v.id`;
}

/** The votes not held yet of `accountIds` since `since`, and the networks they came from. */
async function unheldVotesOf(sql: Tx, accountIds: number[], since: Date, now: Date) {
  const [row] = await sql<{ voteIds: number[] | null; networks: string[] | null; projects: number }[]>`
    SELECT array_agg(v.id ORDER BY v.id) AS vote_ids,
           array_agg(DISTINCT v.network) FILTER (WHERE v.network IS NOT NULL) AS networks,
           count(DISTINCT v.project_id)::int AS projects
    FROM votes v
    WHERE v.user_id = ANY(${accountIds}::int[]) AND v.created_at >= ${since}::timestamptz
      AND v.created_at <= ${now}::timestamptz AND v.cluster_id IS NULL`;
  return { voteIds: row?.voteIds ?? [], networks: row?.networks ?? [], projects: row?.projects ?? 0 };
}

/** Rings of accounts of one sign-up network (ringOfGroup), one candidate per network holding every recent vote of its accounts. */
export async function networkRings(sql: Tx, since: Date, now: Date): Promise<RingCandidate[]> {
  const groups = new Map<string, GroupVote[]>();
  for (const v of await networkGroups(sql, since, now)) {
    const key = `${v.net}|${v.projectId}`;
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  const byNetwork = new Map<string, Set<number>>();
  for (const votes of groups.values()) {
    const ring = ringOfGroup(votes);
    if (ring.length === 0) continue;
    const net = votes[0]!.net;
    byNetwork.set(net, new Set([...(byNetwork.get(net) ?? []), ...ring]));
  }
  const rings: RingCandidate[] = [];
  for (const [net, members] of byNetwork) {
    const accountIds = [...members].sort((a, b) => a - b);
    const { voteIds } = await unheldVotesOf(sql, accountIds, since, now);
    rings.push({
      signal: 'network',
      fingerprint: `${net}:${accountIds.join(',')}`,
      summary: `${accountIds.length} accounts made close together from ${net} voted for the same project within minutes`,
      networks: [net],
      accountIds,
      voteIds,
    });
  }
  return rings;
}

/** A pair of accounts that co-vote: rarely-voted projects, each within coVoteWithinMs of the other's vote. */
interface CoVotePair {
  ua: number;
  ub: number;
  /** ub's vote times (epoch ms) on the pair's co-voted projects, in the order of ua's votes. */
  order: number[];
  /** The co-votes' share of the smaller account's votes in the window. */
  share: number;
}

/**
 * Pairs of members who co-voted at least sameVotesProjects projects in the window, each within
 * coVoteWithinMs of the other, making at least coVoteShare of the smaller one's votes there. Projects
 * with more than pairProjectVoters voters in the window are left out (the pairs of a popular project
 * grow with the square of its voters, and voting for a hit says nothing).
 */
async function coVotePairs(sql: Tx, since: Date, now: Date): Promise<CoVotePair[]> {
  return sql<CoVotePair[]>`
    WITH sets AS MATERIALIZED (
      SELECT v.user_id, v.project_id, v.created_at FROM votes v
      WHERE v.created_at >= ${since}::timestamptz AND v.created_at <= ${now}::timestamptz AND v.user_id IS NOT NULL
    ), sized AS (
      SELECT user_id, count(*)::int AS n FROM sets GROUP BY user_id HAVING count(*) >= ${RING_RULES.sameVotesProjects}
    ), compared AS (
      SELECT s.user_id, s.project_id, s.created_at FROM sets s JOIN sized z ON z.user_id = s.user_id
      WHERE s.project_id IN (SELECT project_id FROM sets GROUP BY project_id HAVING count(*) <= ${RING_RULES.pairProjectVoters})
    ), pairs AS (
      SELECT a.user_id AS ua, b.user_id AS ub, count(*)::int AS inter,
             array_agg((extract(epoch FROM b.created_at) * 1000)::float8 ORDER BY a.created_at, a.project_id) AS order
      FROM compared a JOIN compared b ON b.project_id = a.project_id AND b.user_id > a.user_id
        AND b.created_at BETWEEN a.created_at - ${ms(RING_RULES.coVoteWithinMs)}::interval
                             AND a.created_at + ${ms(RING_RULES.coVoteWithinMs)}::interval
      GROUP BY 1, 2
      HAVING count(*) >= ${RING_RULES.sameVotesProjects}
    )
    SELECT p.ua, p.ub, p.order, p.inter::float8 / least(sa.n, sb.n) AS share
    FROM pairs p JOIN sized sa ON sa.user_id = p.ua JOIN sized sb ON sb.user_id = p.ub
    WHERE p.inter::float8 / least(sa.n, sb.n) >= ${RING_RULES.coVoteShare}`;
}

/** Share of the pairs of co-votes that ua and ub made in the same order (1 for a script's accounts). */
export function sameOrder(order: number[]): number {
  let agree = 0;
  let pairs = 0;
  for (let i = 0; i < order.length; i += 1)
    for (let j = i + 1; j < order.length; j += 1) {
      pairs += 1;
      if (order[j]! >= order[i]!) agree += 1;
    }
  return pairs === 0 ? 1 : agree / pairs;
}

/**
 * The groups of at least sameVotesAccounts accounts that `pairs` link, each account linked to at
 * least sameVotesAccounts - 1 others of its group (a k-core: a chain of pairs, each of two friends,
 * does not make a ring), each sorted.
 */
export function linkedGroups(pairs: Array<{ ua: number; ub: number }>): number[][] {
  const k = RING_RULES.sameVotesAccounts - 1;
  const links = new Map<number, Set<number>>();
  const link = (a: number, b: number) => links.set(a, (links.get(a) ?? new Set()).add(b));
  for (const { ua, ub } of pairs) {
    link(ua, ub);
    link(ub, ua);
  }
  // Peel accounts with fewer than k links until none is left: what remains is the k-core.
  let peeled = true;
  while (peeled) {
    peeled = false;
    for (const [id, others] of links) {
      if (others.size >= k) continue;
      for (const other of others) links.get(other)?.delete(id);
      links.delete(id);
      peeled = true;
    }
  }
  const seen = new Set<number>();
  const groups: number[][] = [];
  for (const start of [...links.keys()].sort((a, b) => a - b)) {
    if (seen.has(start)) continue;
    const group: number[] = [];
    const stack = [start];
    seen.add(start);
    while (stack.length > 0) {
      const id = stack.pop()!;
      group.push(id);
      for (const other of links.get(id) ?? []) {
        if (seen.has(other)) continue;
        seen.add(other);
        stack.push(other);
      }
    }
    if (group.length >= RING_RULES.sameVotesAccounts) groups.push(group.sort((a, b) => a - b));
  }
  return groups;
}

/**
 * Co-voting rings: accounts that vote for the same rarely-voted projects, in the same order, within
 * hours of each other, across the days of coVoteLookbackMs (coVotePairs, sameOrder, linkedGroups),
 * whatever their networks and ages. One candidate per group, holding its accounts' recent votes.
 */
export async function coVoteRings(sql: Tx, now: Date): Promise<RingCandidate[]> {
  const since = new Date(now.getTime() - RING_RULES.coVoteLookbackMs);
  // Co-votes in the same order link a pair at coVoteShare; in any order, only at coVoteAnyOrderShare.
  const pairs = (await coVotePairs(sql, since, now)).filter(
    (p) => p.share >= RING_RULES.coVoteAnyOrderShare || sameOrder(p.order) >= RING_RULES.coVoteOrder,
  );
  const rings: RingCandidate[] = [];
  for (const accountIds of linkedGroups(pairs)) {
    const { voteIds, networks, projects } = await unheldVotesOf(sql, accountIds, since, now);
    rings.push({
      signal: 'sameVotes',
      fingerprint: accountIds.join(','),
      summary: `${accountIds.length} accounts voted for the same projects in the same order within hours (${projects} projects)`,
      networks,
      accountIds,
      voteIds,
    });
  }
  return rings;
}

/**
 * The CTEs `groups`, `ahead` and `dense` over a CTE `recent` of rows with network, project_id and
 * created_at: `dense` keeps the rows of each network and project with at least `atLeast` rows in all,
 * each with `best`, the most rows of its network and project in any sliding window of voteSpanMs that
 * holds it (a window at every row: no bin edge splits a burst).
 */
function denseWindows(sql: Tx, atLeast: number): Fragment {
  const span = ms(RING_RULES.voteSpanMs);
  return sql`groups AS (
      SELECT network, project_id FROM recent GROUP BY network, project_id HAVING count(*) >= ${atLeast}
    ), ahead AS (
      SELECT r.*, count(*) OVER (PARTITION BY r.network, r.project_id ORDER BY r.created_at
                                 RANGE BETWEEN CURRENT ROW AND ${span}::interval FOLLOWING) AS n
      FROM recent r JOIN groups g ON g.network = r.network AND g.project_id = r.project_id
    ), dense AS (
      SELECT *, max(n) OVER (PARTITION BY network, project_id ORDER BY created_at
                             RANGE BETWEEN ${span}::interval PRECEDING AND CURRENT ROW) AS best
      FROM ahead
    )`;
}

/**
 * At least RING_RULES.visitorBurstVotes visitor votes from one network for one project within a
 * sliding window of voteSpanMs (a window at every vote: no bin edge splits a burst). Held votes are
 * read too, so a burst that goes on after its first votes were held is found again.
 */
export async function visitorBursts(sql: Tx, since: Date, now: Date): Promise<RingCandidate[]> {
  const rows = await sql<{ network: string; projectId: number; voteIds: number[] }[]>`
    WITH recent AS (
      SELECT id, network, project_id, created_at, cluster_id FROM votes
      WHERE created_at >= ${since}::timestamptz AND created_at <= ${now}::timestamptz AND user_id IS NULL AND network IS NOT NULL
    ), ${denseWindows(sql, RING_RULES.visitorBurstVotes)}
    SELECT network, project_id, array_agg(id ORDER BY id) AS vote_ids FROM dense
    WHERE best >= ${RING_RULES.visitorBurstVotes} AND cluster_id IS NULL
    GROUP BY network, project_id`;
  return rows.map((r) => ({
    signal: 'visitorBurst',
    fingerprint: `${r.network}:${r.projectId}:${r.voteIds[0]}`,
    summary: `${r.voteIds.length} visitor votes from ${r.network} for one project within minutes`,
    networks: [r.network],
    accountIds: [],
    voteIds: r.voteIds,
  }));
}

/**
 * Impression floods: at least RING_RULES.impressionBurst impressions of one project from one network
 * within a sliding window of voteSpanMs. One candidate per network and project, holding those
 * impressions (unheld ones) and naming the accounts among them, whose recent votes it holds too.
 */
export async function impressionFloods(sql: Tx, since: Date, now: Date): Promise<RingCandidate[]> {
  const rows = await sql<{ network: string; projectId: number; impressions: ImpressionKey[] }[]>`
    WITH recent AS (
      SELECT project_id, day, visitor, network, created_at, cluster_id FROM project_impressions
      WHERE created_at >= ${since}::timestamptz AND created_at <= ${now}::timestamptz AND network IS NOT NULL
    ), ${denseWindows(sql, RING_RULES.impressionBurst)}
    SELECT network, project_id,
           jsonb_agg(jsonb_build_object('projectId', project_id, 'day', day, 'visitor', visitor) ORDER BY created_at, visitor) AS impressions
    FROM dense WHERE best >= ${RING_RULES.impressionBurst} AND cluster_id IS NULL
    GROUP BY network, project_id`;
  const rings: RingCandidate[] = [];
  for (const r of rows) {
    const accountIds = [
      ...new Set(r.impressions.filter((i) => i.visitor.startsWith('u:')).map((i) => Number(i.visitor.slice(2)))),
    ].sort((a, b) => a - b);
    const { voteIds } = await unheldVotesOf(sql, accountIds, since, now);
    rings.push({
      signal: 'impressions',
      fingerprint: `${r.network}:${r.projectId}:${r.impressions[0]!.day}:${r.impressions[0]!.visitor}`,
      summary: `${r.impressions.length} impressions of one project from ${r.network} within minutes`,
      networks: [r.network],
      accountIds,
      voteIds,
      impressions: r.impressions,
    });
  }
  return rings;
}
