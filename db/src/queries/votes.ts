import type { Tx } from '../sql';

/** Queries on votes. Pass the pool or a transaction. */
export function makeVoteQueries(sql: Tx) {
  return {
    /**
     * Inserts a vote: a member's (userId set) or a visitor's (userId null, one per IP). The partial
     * unique indexes decide a repeat, even under concurrency: ON CONFLICT DO NOTHING then inserts
     * nothing and this answers false.
     */
    async insertVote(input: { projectId: number; userId: number | null; ip: string }): Promise<boolean> {
      const rows = await sql`
        INSERT INTO votes (project_id, user_id, ip_address)
        VALUES (${input.projectId}, ${input.userId}, ${input.ip})
        ON CONFLICT DO NOTHING
        RETURNING id`;
      return rows.length > 0;
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
