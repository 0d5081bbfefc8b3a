import type postgres from 'postgres';
import type { Role } from '@vitrine/domain/constants';
import type { Tx } from '../sql';

/** A user's peer-rating aggregates, activity points and notice setting. */
export interface UserStatsRow {
  id: number;
  /** numeric(5,2) as strings. */
  developerRating: string;
  developerRatingCount: number;
  testerRating: string;
  testerRatingCount: number;
  activityPoints: number;
}

/** Fields of PATCH /api/users/me. */
export interface SettingsFields {
  role?: Role;
  bio?: string | null;
  email?: string | null;
  emailNotices?: boolean;
}

/** Queries on the users columns test requests add meaning to: settings, aggregates, activity points. */
export function makeUserSettingsQueries(sql: Tx) {
  return {
    /**
     * Changes the given settings; profile_completed turns true once a bio is set. A changed email is
     * unconfirmed again; saving the same address keeps its confirmation.
     */
    async updateSettings(userId: number, input: SettingsFields): Promise<void> {
      const set: Record<string, postgres.SerializableParameter> = {};
      if (input.role !== undefined) set.role = input.role;
      if (input.bio !== undefined) set.bio = input.bio;
      if (input.email !== undefined) set.email = input.email;
      if (input.emailNotices !== undefined) set.email_notices = input.emailNotices;
      await sql`
        UPDATE users SET ${sql(set, Object.keys(set))}, profile_completed = (coalesce(${input.bio ?? null}, bio) IS NOT NULL),
          email_verified_at = CASE WHEN ${input.email === undefined}::boolean OR email IS NOT DISTINCT FROM ${input.email ?? null} THEN email_verified_at END
        WHERE id = ${userId}`;
    },

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

    /** Adds activity points. */
    async addActivityPoints(userId: number, points: number): Promise<void> {
      await sql`UPDATE users SET activity_points = activity_points + ${points} WHERE id = ${userId}`;
    },

    /** Email address and notice setting of users who asked for email copies and have a confirmed address. */
    async noticeRecipients(ids: number[]): Promise<Array<{ id: number; username: string; email: string }>> {
      if (ids.length === 0) return [];
      return sql<Array<{ id: number; username: string; email: string }>>`
        SELECT id, username, email FROM users WHERE id = ANY(${ids}) AND email_notices AND email IS NOT NULL AND email_verified_at IS NOT NULL`;
    },
  };
}
