import { RATING_MAX, RATING_MIN } from '@vitrine/domain/constants';
import type { Tx } from '../sql';

/** Queries on ratings. Pass the pool or a transaction. */
export function makeRatingQueries(sql: Tx) {
  return {
    /** Saves a member's rating of a project: inserts it, or updates it on a re-rate (`updated` true). */
    async upsertRating(input: {
      projectId: number;
      userId: number;
      ip: string;
      rating: number;
    }): Promise<{ updated: boolean }> {
      // xmax is 0 on a freshly inserted row version and set on the version an ON CONFLICT UPDATE wrote.
      const [row] = await sql<{ inserted: boolean }[]>`
        INSERT INTO ratings (project_id, user_id, ip_address, rating)
        VALUES (${input.projectId}, ${input.userId}, ${input.ip}, ${input.rating})
        ON CONFLICT (project_id, user_id)
        DO UPDATE SET rating = EXCLUDED.rating, ip_address = EXCLUDED.ip_address, updated_at = now()
        RETURNING (xmax = 0) AS inserted`;
      return { updated: !row!.inserted };
    },

    /** The projects a user rated that they do not own (a user deletion recomputes their averages). */
    async listRatedByOnOthers(userId: number): Promise<number[]> {
      const rows = await sql<{ projectId: number }[]>`
        SELECT DISTINCT r.project_id FROM ratings r JOIN projects p ON p.id = r.project_id
        WHERE r.user_id = ${userId} AND p.user_id IS DISTINCT FROM ${userId}`;
      return rows.map((r) => r.projectId);
    },

    /** Counts of ratings 1..10 of a project: index 0 holds the count of 1s. */
    async ratingDistribution(projectId: number): Promise<number[]> {
      const rows = await sql<{ rating: number; n: number }[]>`
        SELECT rating, count(*)::int AS n FROM ratings WHERE project_id = ${projectId} GROUP BY rating`;
      const counts = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, () => 0);
      for (const r of rows) counts[r.rating - RATING_MIN] = r.n;
      return counts;
    },
  };
}
