import type { Tx } from '../sql';

/** A user's peer-rating aggregates and activity points. */
export interface UserStatsRow {
  id: number;
  /** numeric(5,2) as strings. */
  developerRating: string;
  developerRatingCount: number;
  testerRating: string;
  testerRatingCount: number;
  activityPoints: number;
}

/** Reads of the users columns test requests add meaning to: aggregates and activity points (users.ts writes them). */
export function makeUserSettingsQueries(sql: Tx) {
  return {
    /** A user's aggregates and points. */
    async findStats(userId: number): Promise<UserStatsRow | undefined> {
      const [row] = await sql<UserStatsRow[]>`
        SELECT id, developer_rating, developer_rating_count, tester_rating, tester_rating_count, activity_points
        FROM users WHERE id = ${userId}`;
      return row;
    },

    /** Locks users rows in id order (two raters of the same pair never deadlock). */
    async lockUsers(ids: number[]): Promise<void> {
      await sql`SELECT id FROM users WHERE id = ANY(${[...new Set(ids)].sort((a, b) => a - b)}) ORDER BY id FOR UPDATE`;
    },
  };
}
