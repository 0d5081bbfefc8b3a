import type postgres from 'postgres';
import type { Role } from '@vitrine/domain/constants';
import type { NotificationEmailMode } from '@vitrine/domain/notifications';
import type { Fragment, Tx } from '../sql';
import type { AdminUserRow } from './moderation';

/** A user's peer-rating aggregates as the users row keeps them (numeric(5,2) averages as strings). */
export interface PeerRatingColumns {
  developerRating: string;
  developerRatingCount: number;
  testerRating: string;
  testerRatingCount: number;
  /** The averages and counts of the ratings that count toward a tier (raters with standing, one per network). */
  developerTierRating: string;
  developerTierCount: number;
  testerTierRating: string;
  testerTierCount: number;
}

/** A users row as the API reads it. */
export interface UserRow extends PeerRatingColumns {
  id: number;
  username: string;
  passwordHash: string;
  email: string | null;
  isAdmin: boolean;
  isPaused: boolean;
  role: Role;
  isVerified: boolean;
  bio: string | null;
  createdAt: Date;
  activityPoints: number;
  /** When the owner confirmed `email` (null: unconfirmed); sessions signed in before sessionsValidAfter are refused. */
  emailVerifiedAt: Date | null;
  sessionsValidAfter: Date | null;
  /** Follow counters (migration 0022). */
  followerCount: number;
  followingCount: number;
  /** Notification mail: off, instant, daily or weekly, and the per-kind switches (a missing kind is on). */
  notifyEmail: NotificationEmailMode;
  notifyKinds: Record<string, boolean>;
}

/**
 * The statement that sets user `userId`'s peer-rating aggregates (the rating and tier columns of
 * UserRow) from `source`, a query of one row with a column of each name set here: user-ratings.ts
 * composes it with the query computing them from the rating rows, in one statement.
 */
export function setRatingAggregates(sql: Tx, userId: number, source: Fragment) {
  return sql`
    UPDATE users u SET
      developer_rating = s.developer_rating, developer_rating_count = s.developer_rating_count,
      tester_rating = s.tester_rating, tester_rating_count = s.tester_rating_count,
      developer_tier_rating = s.developer_tier_rating, developer_tier_count = s.developer_tier_count,
      tester_tier_rating = s.tester_tier_rating, tester_tier_count = s.tester_tier_count
    FROM (${source}) s
    WHERE u.id = ${userId}`;
}

/** Fields of PATCH /api/users/me. */
export interface SettingsFields {
  role?: Role;
  bio?: string | null;
  email?: string | null;
}

/** Queries on users: every write of the users table is here. Pass the pool or a transaction. */
export function makeUserQueries(sql: Tx) {
  return {
    /** A user by id. */
    async findUserById(id: number): Promise<UserRow | undefined> {
      const [row] = await sql<UserRow[]>`SELECT * FROM users WHERE id = ${id}`;
      return row;
    },
    /** A user by username, in any letter case. */
    async findUserByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await sql<UserRow[]>`SELECT * FROM users WHERE lower(username) = lower(${username})`;
      return row;
    },
    /** The members named `usernames` (in any letter case) that exist: their ids and names as spelt on their accounts. */
    async findByUsernames(usernames: string[]): Promise<Array<{ id: number; username: string }>> {
      if (usernames.length === 0) return [];
      const lower = usernames.map((name) => name.toLowerCase());
      return sql<Array<{ id: number; username: string }>>`
        SELECT id, username FROM users WHERE lower(username) = ANY(${lower}::text[])`;
    },
    /** Inserts a user; a taken username raises SQLSTATE 23505. */
    async insertUser(input: {
      username: string;
      passwordHash: string;
      email?: string | null;
      role?: Role;
      bio?: string | null;
      isAdmin?: boolean;
      createdAt?: Date;
      /** The /24 or /48 the account signed up from (the integrity scan's), never the address. */
      signupNetwork?: string | null;
    }): Promise<UserRow> {
      const [row] = await sql<UserRow[]>`
        INSERT INTO users (username, password_hash, email, role, bio, is_admin, created_at, signup_network)
        VALUES (${input.username}, ${input.passwordHash}, ${input.email || null}, ${input.role ?? 'both'},
                ${input.bio || null}, ${input.isAdmin ?? false}, ${input.createdAt ?? new Date()}, ${input.signupNetwork ?? null})
        RETURNING *`;
      return row!;
    },

    /**
     * Sets a new password hash and ends every session signed in before `at`. `at` comes
     * from the API's clock, the one sessions' sign-in times are read from.
     */
    async changePassword(id: number, passwordHash: string, at: Date): Promise<void> {
      await sql`UPDATE users SET password_hash = ${passwordHash}, sessions_valid_after = ${at} WHERE id = ${id}`;
    },

    /**
     * Changes the given settings; profile_completed turns true once a bio is set. A changed email is
     * unconfirmed again; saving the same address keeps its confirmation.
     */
    async updateSettings(userId: number, input: SettingsFields): Promise<void> {
      const set: Record<string, postgres.SerializableParameter> = {};
      if (input.role !== undefined) set.role = input.role;
      if (input.bio !== undefined) set.bio = input.bio;
      if (input.email !== undefined) set.email = input.email;
      await sql`
        UPDATE users SET ${sql(set, Object.keys(set))}, profile_completed = (coalesce(${input.bio ?? null}, bio) IS NOT NULL),
          email_verified_at = CASE WHEN ${input.email === undefined}::boolean OR email IS NOT DISTINCT FROM ${input.email ?? null} THEN email_verified_at END
        WHERE id = ${userId}`;
    },

    /**
     * Moves the follow counters of one follow made (`delta` 1) or undone (-1): the follower's
     * following_count and the followee's follower_count; answers the followee's new follower count.
     */
    async addFollowCounts(followerId: number, followeeId: number, delta: 1 | -1): Promise<number> {
      const rows = await sql<{ id: number; followerCount: number }[]>`
        UPDATE users SET
          following_count = following_count + CASE WHEN id = ${followerId} THEN ${delta}::int ELSE 0 END,
          follower_count = follower_count + CASE WHEN id = ${followeeId} THEN ${delta}::int ELSE 0 END
        WHERE id IN (${followerId}, ${followeeId})
        RETURNING id, follower_count`;
      return rows.find((r) => r.id === followeeId)?.followerCount ?? 0;
    },

    /** Sets the member's notification mail mode and per-kind switches. */
    async updateNotificationSettings(
      userId: number,
      input: { email: string; kinds: Record<string, boolean> },
    ): Promise<void> {
      await sql`UPDATE users SET notify_email = ${input.email}, notify_kinds = ${sql.json(input.kinds)} WHERE id = ${userId}`;
    },

    /** Turns notification mail off (a one-click unsubscribe); false when the user is gone. */
    async unsubscribeNotifications(userId: number): Promise<boolean> {
      const rows = await sql`UPDATE users SET notify_email = 'off' WHERE id = ${userId} RETURNING id`;
      return rows.length > 0;
    },

    /** Adds activity points. */
    async addActivityPoints(userId: number, points: number): Promise<void> {
      await sql`UPDATE users SET activity_points = activity_points + ${points} WHERE id = ${userId}`;
    },

    /** Marks the member's address confirmed if it is still `email`; answers whether it was. */
    async confirmEmail(userId: number, email: string): Promise<boolean> {
      const rows =
        await sql`UPDATE users SET email_verified_at = now() WHERE id = ${userId} AND email = ${email} RETURNING id`;
      return rows.length > 0;
    },

    /** Grants or removes admin; a new admin is unpaused (admins cannot be paused). */
    async setAdmin(id: number, isAdmin: boolean): Promise<AdminUserRow | undefined> {
      const [row] = await sql<AdminUserRow[]>`
        UPDATE users SET is_admin = ${isAdmin}, is_paused = CASE WHEN ${isAdmin}::boolean THEN false ELSE is_paused END
        WHERE id = ${id}
        RETURNING id, username, email, is_admin, is_paused, role, is_verified, created_at`;
      return row;
    },

    /** Pauses or unpauses a user who is not an admin; answers nothing when the user is missing or an admin. */
    async setPaused(id: number, isPaused: boolean): Promise<AdminUserRow | undefined> {
      const [row] = await sql<AdminUserRow[]>`
        UPDATE users SET is_paused = ${isPaused}
        WHERE id = ${id} AND (NOT is_admin OR NOT ${isPaused}::boolean)
        RETURNING id, username, email, is_admin, is_paused, role, is_verified, created_at`;
      return row;
    },

    /**
     * Every admin's id and paused flag, their rows locked in id order (inside a transaction): a check
     * that an admin remains holds until the commit, and two such checks queue instead of deadlocking.
     */
    async lockAdmins(): Promise<{ id: number; isPaused: boolean }[]> {
      return sql<
        { id: number; isPaused: boolean }[]
      >`SELECT id, is_paused FROM users WHERE is_admin ORDER BY id FOR UPDATE`;
    },

    /**
     * Deletes a user; their projects (with those projects' votes, ratings, reports) and their votes and
     * ratings elsewhere go by cascade. Answers whether the user existed.
     */
    async deleteUser(id: number): Promise<boolean> {
      const rows = await sql`DELETE FROM users WHERE id = ${id} RETURNING id`;
      return rows.length > 0;
    },
  };
}
