import { REPORT_STANDING_MIN_ACTIONS, REPORT_STANDING_MIN_AGE_DAYS } from '@vitrine/domain/constants';
import { FLAGGED_VOTE_WEIGHT, VOTE_WEIGHTS } from '@vitrine/domain/rankings';
import type { Tx } from '../sql';
import { recordEventsFrom } from './events';
import { projectCoreColumns, projectRead, type Actor } from './project-access';
import { coverColumn } from './project-media';
import { addVotesFrom, addWeightFrom, type ProjectRow } from './projects';
import type { Reweighed } from './tallies';
import { hasStanding } from './standing';

/**
 * One vote to cast: on which project, by whom (a member, or null for a visitor), from which address
 * and network (/24 or /48, the integrity scan's), and whether the visitor holds a fresh proof of
 * opening the project through its outbound link (`GET /go/:id`).
 */
export interface Ballot {
  projectId: number;
  actor: Actor;
  ip: string;
  /** Unknown (null) for a ballot cast outside a request. */
  network?: string | null;
  clicked?: boolean;
}

/**
 * The evidence of allowed ballot `a` (a member's id user_id, or a visitor's) on its project, as SQL: a tester
 * who gave feedback on the project, a member with standing (standing.ts) or without, a visitor who
 * came through the outbound link or not. Its weight is VOTE_WEIGHTS of it (domain/src/rankings.ts).
 */
function ballotKind(sql: Tx) {
  return sql`CASE
    WHEN a.user_id IS NULL THEN CASE WHEN a.clicked THEN 'clickedVisitor' ELSE 'visitor' END
    WHEN EXISTS (SELECT 1 FROM project_requests r JOIN test_feedback f ON f.request_id = r.id
                 WHERE r.project_id = a.project_id AND f.tester_id = a.user_id) THEN 'tester'
    WHEN EXISTS (SELECT 1 FROM users su WHERE su.id = a.user_id AND ${hasStanding(sql, 'su', {
      minAgeDays: REPORT_STANDING_MIN_AGE_DAYS,
      minActions: REPORT_STANDING_MIN_ACTIONS,
    })}) THEN 'standing'
    ELSE 'newMember' END`;
}

/**
 * What castVotes answers for one ballot: the project as the caller may see it, and whether the vote
 * counted; a counted vote also carries the id of the vote.created outbox row it wrote (its payload holds
 * the same counts as the row).
 */
export type CastVote =
  | { outcome: 'missing' }
  | { outcome: 'own' }
  | { outcome: 'repeat' }
  | { outcome: 'counted'; project: ProjectRow; eventId: number };

/** A ballot's row of the castVotes statement. */
type BallotRow = {
  ord: number;
  readable: boolean;
  own: boolean;
  votesThen: number | null;
  eventId: string | null;
} & Partial<ProjectRow>;

/** Queries on votes. Pass the pool or a transaction. */
export function makeVoteQueries(sql: Tx) {
  return {
    /**
     * Casts a group of votes in one statement (one round trip, autocommit): the vote rows, the
     * counters (projects.ts addVotesFrom) and a vote.created outbox event per vote (events.ts
     * recordEventsFrom) commit together, so a hot project's row lock is held once per group rather
     * than once per vote. Every project of the group is locked first, in id order, so two groups (two
     * API nodes) never deadlock. A member votes once per project, a
     * visitor once per address; the partial unique indexes decide repeats, in parallel and inside the
     * group (ON CONFLICT DO NOTHING). A project the actor may not read (missing, or hidden and not
     * theirs) is `missing` (the statement applies the rule 'project.read', so nothing is checked after
     * it); a ballot of the project's owner is `own` and writes nothing (nobody votes for their own
     * project: policy 'project.vote', api/src/policies.ts). Answers one outcome per ballot, in order.
     * The group's votes count as if they came one after the other in ballot order: each counted ballot
     * carries the count its vote made and the id of its event (which holds that count), the rest of the
     * row as the UPDATE left it.
     */
    async castVotes(ballots: Ballot[]): Promise<CastVote[]> {
      const input = ballots.map((b, ord) => ({
        ord,
        project_id: b.projectId,
        user_id: b.actor?.id ?? null,
        is_admin: b.actor?.isAdmin ?? false,
        ip: b.ip,
        network: b.network ?? null,
        clicked: b.clicked ?? false,
      }));
      const rows = await sql<BallotRow[]>`
        WITH ballot AS (
          SELECT * FROM jsonb_to_recordset(${sql.json(input)})
            AS b(ord int, project_id int, user_id int, is_admin boolean, ip text, network text, clicked boolean)
        ), target AS MATERIALIZED (
          SELECT p.id, p.is_hidden, p.user_id FROM projects p
          WHERE p.id IN (SELECT project_id FROM ballot) ORDER BY p.id FOR UPDATE
        ), allowed AS (
          SELECT b.*, t.user_id IS NOT DISTINCT FROM b.user_id AND b.user_id IS NOT NULL AS own
          FROM ballot b JOIN target t ON t.id = b.project_id
          WHERE ${projectRead.sqlPerRow(sql, { project: 't', actor: 'b' })}
        ), weighed AS (
          SELECT a.*, (${sql.json(VOTE_WEIGHTS)}::jsonb ->> k.kind)::float8 AS weight, k.kind
          FROM allowed a CROSS JOIN LATERAL (SELECT ${ballotKind(sql)} AS kind) k
          WHERE NOT a.own
        ), cast_vote AS (
          INSERT INTO votes (project_id, user_id, ip_address, network, kind, weight)
          SELECT project_id, user_id, ip, network, kind, weight FROM weighed ORDER BY ord
          ON CONFLICT DO NOTHING
          RETURNING project_id, user_id, ip_address, weight
        ), counted AS (
          ${addVotesFrom(sql, sql`SELECT project_id, count(*)::int AS n, sum(weight) AS w FROM cast_vote GROUP BY project_id`)}
        ), numbered AS (
          -- Each counted vote in ballot order, with the count it made (as if the group's votes came
          -- one after the other); a voter's first ballot of the group is the one that counted.
          SELECT a.ord, v.project_id, p.average_rating, p.total_ratings,
                 (p.votes - count(*) OVER (PARTITION BY v.project_id) + row_number() OVER (PARTITION BY v.project_id ORDER BY a.ord))::int AS votes_then
          FROM cast_vote v
          JOIN counted p ON p.id = v.project_id
          CROSS JOIN LATERAL (
            SELECT min(a.ord) AS ord FROM allowed a
            WHERE a.project_id = v.project_id AND NOT a.own
              AND CASE WHEN a.user_id IS NULL THEN v.user_id IS NULL AND a.ip = v.ip_address ELSE a.user_id = v.user_id END
          ) a
        ), event AS (
          ${recordEventsFrom(
            sql,
            sql`SELECT 'vote.created', jsonb_build_object(
                  'projectId', project_id, 'votes', votes_then, 'averageRating', average_rating, 'totalRatings', total_ratings)
                FROM numbered ORDER BY ord`,
          )}
        )
        SELECT b.ord,
               EXISTS (SELECT 1 FROM allowed a WHERE a.ord = b.ord) AS readable,
               EXISTS (SELECT 1 FROM allowed a WHERE a.ord = b.ord AND a.own) AS own,
               n.votes_then,
               e.id AS event_id,
               ${projectCoreColumns(sql)},
               (SELECT r.rating FROM ratings r WHERE r.project_id = p.id AND r.user_id = b.user_id) AS my_rating,
               true AS has_voted,
               ${coverColumn(sql)} AS cover
        FROM ballot b LEFT JOIN numbered n ON n.ord = b.ord
        -- A counted vote's event: within one statement, a project and a count name one vote.
        LEFT JOIN event e ON (e.payload->>'projectId')::int = n.project_id AND (e.payload->>'votes')::int = n.votes_then
        LEFT JOIN counted p ON p.id = b.project_id LEFT JOIN users u ON u.id = p.user_id
        ORDER BY b.ord`;
      return rows.map((row): CastVote => {
        if (!row.readable) return { outcome: 'missing' };
        if (row.own) return { outcome: 'own' };
        if (row.votesThen === null) return { outcome: 'repeat' };
        const { ord: _ord, readable: _readable, own: _own, votesThen, eventId, ...project } = row;
        return {
          outcome: 'counted',
          project: { ...(project as ProjectRow), votes: votesThen },
          eventId: Number(eventId),
        };
      });
    },

    /**
     * Holds votes `voteIds` for ring cluster `clusterId`: each not yet held weighs 0 (FLAGGED_VOTE_WEIGHT)
     * and the projects' weighted counters follow, in one statement. Answers the weight changes, for
     * the tallies (tallies.ts reweighTallies, in the same transaction).
     */
    async holdVotes(clusterId: number, voteIds: number[]): Promise<Reweighed[]> {
      return sql<Reweighed[]>`
        WITH old AS (
          SELECT id, weight FROM votes WHERE id = ANY(${voteIds}::int[]) AND cluster_id IS NULL ORDER BY id FOR UPDATE
        ), held AS (
          UPDATE votes v SET cluster_id = ${clusterId}, weight = ${FLAGGED_VOTE_WEIGHT} FROM old WHERE v.id = old.id
          RETURNING v.id AS vote_id, v.project_id, (v.weight - old.weight)::float8 AS delta
        ), counters AS (
          ${addWeightFrom(sql, sql`SELECT project_id, sum(delta) AS w FROM held GROUP BY project_id`)}
        )
        SELECT vote_id, project_id, delta FROM held`;
    },

    /**
     * Gives cluster `clusterId`'s votes their weight back (the ring was cleared): the weight of the
     * evidence each was cast with (VOTE_WEIGHTS of its kind). Answers the weight changes.
     */
    async releaseVotes(clusterId: number): Promise<Reweighed[]> {
      return sql<Reweighed[]>`
        WITH old AS (
          SELECT id, weight FROM votes WHERE cluster_id = ${clusterId} ORDER BY id FOR UPDATE
        ), released AS (
          UPDATE votes v SET cluster_id = NULL, weight = (${sql.json(VOTE_WEIGHTS)}::jsonb ->> v.kind)::float8
          FROM old WHERE v.id = old.id
          RETURNING v.id AS vote_id, v.project_id, (v.weight - old.weight)::float8 AS delta
        ), counters AS (
          ${addWeightFrom(sql, sql`SELECT project_id, sum(delta) AS w FROM released GROUP BY project_id`)}
        )
        SELECT vote_id, project_id, delta FROM released`;
    },

    /** Whether a member's newMember vote waits for promoteToStanding (a cheap look before taking any lock). */
    async hasPromotable(): Promise<boolean> {
      const standing = { minAgeDays: REPORT_STANDING_MIN_AGE_DAYS, minActions: REPORT_STANDING_MIN_ACTIONS };
      const [row] = await sql<{ found: boolean }[]>`
        SELECT EXISTS (
          SELECT 1 FROM votes v JOIN users u ON u.id = v.user_id
          WHERE v.kind = 'newMember' AND ${hasStanding(sql, 'u', standing)}
        ) AS found`;
      return row!.found;
    },

    /**
     * The votes of members who have reached standing since they voted (standing.ts), at most `limit`:
     * their kind becomes standing and, unless a ring holds them, their weight VOTE_WEIGHTS.standing.
     * Answers the weight changes.
     */
    async promoteToStanding(limit: number): Promise<Reweighed[]> {
      const standing = { minAgeDays: REPORT_STANDING_MIN_AGE_DAYS, minActions: REPORT_STANDING_MIN_ACTIONS };
      return sql<Reweighed[]>`
        WITH old AS (
          SELECT v.id, v.weight FROM votes v JOIN users u ON u.id = v.user_id
          WHERE v.kind = 'newMember' AND ${hasStanding(sql, 'u', standing)}
          ORDER BY v.id LIMIT ${limit} FOR UPDATE OF v
        ), promoted AS (
          UPDATE votes v SET kind = 'standing',
                 weight = CASE WHEN v.cluster_id IS NULL THEN ${VOTE_WEIGHTS.standing}::float8 ELSE v.weight END
          FROM old WHERE v.id = old.id
          RETURNING v.id AS vote_id, v.project_id, (v.weight - old.weight)::float8 AS delta
        ), counters AS (
          ${addWeightFrom(sql, sql`SELECT project_id, sum(delta) AS w FROM promoted GROUP BY project_id`)}
        )
        SELECT vote_id, project_id, delta FROM promoted`;
    },

    /** A user's votes per project on projects they do not own, and their weight (a user deletion corrects those counters). */
    async countByVoterOnOthers(userId: number): Promise<Array<{ projectId: number; n: number; w: number }>> {
      return sql<{ projectId: number; n: number; w: number }[]>`
        SELECT v.project_id, count(*)::int AS n, sum(v.weight)::float8 AS w FROM votes v JOIN projects p ON p.id = v.project_id
        WHERE v.user_id = ${userId} AND p.user_id IS DISTINCT FROM ${userId} GROUP BY v.project_id`;
    },

    /** How many vote rows a project has (tests check the counter against it). */
    async countVotes(projectId: number): Promise<number> {
      const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM votes WHERE project_id = ${projectId}`;
      return row!.n;
    },
  };
}
