import { RATING_MAX, RATING_MIN } from '@vitrine/domain/constants';
import type { Sql } from '../sql';
import { readableBy, type Actor } from './project-access';
import { projectColumns, type ProjectRow } from './projects';

/** A saved rating: whether it replaced an earlier one, the updated project, and its outbox event id. */
export interface SavedRating {
  updated: boolean;
  project: ProjectRow;
  eventId: number;
}

/** Queries on ratings. Pass the pool (saveRating opens its own transaction). */
export function makeRatingQueries(sql: Sql) {
  return {
    /**
     * Saves a member's rating in a short transaction of two statements: the first locks the project
     * row (FOR NO KEY UPDATE, so concurrent raters of one project queue up) and inserts the rating or
     * replaces it on a re-rate (`updated`); the second recomputes totalRatings and averageRating
     * (rounded to numeric(3,1)) from the rating rows, which it sees all of since every other rater
     * waits on the lock, and records the rating.saved outbox event. The answer is the updated row.
     * Undefined when the member may not read the project (missing, or hidden and not theirs).
     */
    async saveRating(input: { projectId: number; actor: NonNullable<Actor>; ip: string; rating: number }): Promise<SavedRating | undefined> {
      return sql.begin(async (tx) => {
        // xmax is 0 on a freshly inserted row version and set on the version an ON CONFLICT UPDATE wrote.
        const [saved] = await tx<{ inserted: boolean }[]>`
          WITH target AS (
            SELECT p.id FROM projects p WHERE p.id = ${input.projectId} AND ${readableBy(tx, input.actor)} FOR NO KEY UPDATE
          )
          INSERT INTO ratings (project_id, user_id, ip_address, rating)
          SELECT id, ${input.actor.id}, ${input.ip}, ${input.rating} FROM target
          ON CONFLICT (project_id, user_id)
          DO UPDATE SET rating = EXCLUDED.rating, ip_address = EXCLUDED.ip_address, updated_at = now()
          RETURNING (xmax = 0) AS inserted`;
        if (!saved) return undefined;
        const [row] = await tx<Array<ProjectRow & { eventId: string }>>`
          WITH stats AS (
            UPDATE projects p
            SET total_ratings = s.n, average_rating = round(s.average, 1)
            FROM (SELECT count(*)::int AS n, coalesce(avg(rating), 0) AS average FROM ratings WHERE project_id = ${input.projectId}) s
            WHERE p.id = ${input.projectId}
            RETURNING p.*
          ), event AS (
            INSERT INTO events (name, payload)
            SELECT 'rating.saved', jsonb_build_object(
                     'projectId', id, 'votes', votes, 'averageRating', average_rating, 'totalRatings', total_ratings)
            FROM stats
            RETURNING id
          )
          SELECT (SELECT id FROM event) AS event_id,
                 ${projectColumns(tx, { userId: input.actor.id, ip: input.ip })}
          FROM stats p LEFT JOIN users u ON u.id = p.user_id`;
        const { eventId, ...project } = row!;
        return { updated: !saved.inserted, project, eventId: Number(eventId) };
      }) as Promise<SavedRating | undefined>;
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
