import type { Tx } from '../sql';
import { projectRowColumns, readableBy, type Actor, type CountedProjectRow } from './project-access';

/** What castVote answers: the project as the caller may see it, and whether the vote counted. */
export type CastVote =
  | { outcome: 'missing' }
  | { outcome: 'repeat' }
  | { outcome: 'counted'; project: CountedProjectRow; eventId: number };

/** Queries on votes. Pass the pool or a transaction. */
export function makeVoteQueries(sql: Tx) {
  return {
    /**
     * Casts a vote in one statement (one round trip, autocommit): the vote row, the counter and the
     * vote.created outbox event commit together, so a hot project's row lock is held only while the
     * statement runs. A member votes once per project (userId set), a visitor once per IP (userId
     * null); the partial unique indexes decide repeats, even in parallel (ON CONFLICT DO NOTHING).
     * A project the actor may not read (missing, or hidden and not theirs) is `missing`.
     * The counted answer is the updated row, read from the UPDATE itself.
     */
    async castVote(input: { projectId: number; actor: Actor; ip: string }): Promise<CastVote> {
      const userId = input.actor?.id ?? null;
      const [row] = await sql<Array<{ readable: boolean; eventId: string | null } & Partial<CountedProjectRow>>>`
        WITH target AS (
          SELECT p.id, ${readableBy(sql, input.actor)} AS readable FROM projects p WHERE p.id = ${input.projectId}
        ), cast_vote AS (
          INSERT INTO votes (project_id, user_id, ip_address)
          SELECT id, ${userId}, ${input.ip} FROM target WHERE readable
          ON CONFLICT DO NOTHING
          RETURNING project_id
        ), counted AS (
          UPDATE projects p SET votes = p.votes + 1 FROM cast_vote c WHERE p.id = c.project_id
          RETURNING p.*
        ), event AS (
          INSERT INTO events (name, payload)
          SELECT 'vote.created', jsonb_build_object(
                   'projectId', id, 'votes', votes, 'averageRating', average_rating, 'totalRatings', total_ratings)
          FROM counted
          RETURNING id
        )
        SELECT t.readable, (SELECT id FROM event) AS event_id, ${projectRowColumns(sql, userId)}, true AS has_voted
        FROM target t LEFT JOIN counted p ON true LEFT JOIN users u ON u.id = p.user_id`;
      if (!row?.readable) return { outcome: 'missing' };
      if (row.eventId === null) return { outcome: 'repeat' };
      const { readable: _readable, eventId, ...project } = row;
      return { outcome: 'counted', project: project as CountedProjectRow, eventId: Number(eventId) };
    },

    /** A user's votes per project on projects they do not own (a user deletion corrects those counters). */
    async countByVoterOnOthers(userId: number): Promise<Array<{ projectId: number; n: number }>> {
      return sql<{ projectId: number; n: number }[]>`
        SELECT v.project_id, count(*)::int AS n FROM votes v JOIN projects p ON p.id = v.project_id
        WHERE v.user_id = ${userId} AND p.user_id IS DISTINCT FROM ${userId} GROUP BY v.project_id`;
    },

    /** How many vote rows a project has (tests check the counter against it). */
    async countVotes(projectId: number): Promise<number> {
      const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM votes WHERE project_id = ${projectId}`;
      return row!.n;
    },
  };
}
