import { RATING_MAX, RATING_MIN } from '@vitrine/domain/constants';
import type { Tx } from '../sql';

/** Queries on ratings. Pass the pool or a transaction. */
export function makeRatingQueries(sql: Tx) {
  return {
    /** Saves a member's rating of a project: inserts it, or updates it on a re-rate (`updated` true). */
    async upsertRating(input: { projectId: number; userId: number; ip: string; rating: number }): Promise<{ updated: boolean }> {
      // xmax is 0 on a freshly inserted row version and set on the version an ON CONFLICT UPDATE wrote.
      const [row] = await sql<{ inserted: boolean }[]>`
        INSERT INTO ratings (project_id, user_id, ip_address, rating)
        VALUES (${input.projectId}, ${input.userId}, ${input.ip}, ${input.rating})
        ON CONFLICT (project_id, user_id)
        DO UPDATE SET rating = EXCLUDED.rating, ip_address = EXCLUDED.ip_address, updated_at = now()
        RETURNING (xmax = 0) AS inserted`;
      return { updated: !row!.inserted };
    },

    /**
     * Recomputes the project's totalRatings and averageRating (rounded to numeric(3,1)) from its
     * rating rows. Call it with the project row locked (makeProjectQueries#lockProject), so two
     * concurrent ratings cannot both compute from a snapshot missing the other's row.
     */
    async refreshRatingStats(projectId: number): Promise<{ averageRating: number; totalRatings: number }> {
      const [row] = await sql<{ averageRating: string; totalRatings: number }[]>`
        UPDATE projects p
        SET total_ratings = s.n, average_rating = round(s.average, 1)
        FROM (SELECT count(*)::int AS n, coalesce(avg(rating), 0) AS average FROM ratings WHERE project_id = ${projectId}) s
        WHERE p.id = ${projectId}
        RETURNING p.average_rating, p.total_ratings`;
      return { averageRating: Number(row!.averageRating), totalRatings: row!.totalRatings };
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
