import type { Role } from '@vitrine/domain/constants';
import type { Tx } from '../sql';
import type { AdminUserRow } from './moderation';

/** A users row as the API reads it. */
export interface UserRow {
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
  /** Email copies of test-request notices, and the peer-rating aggregates (numeric(5,2) strings). */
  emailNotices: boolean;
  developerRating: string;
  developerRatingCount: number;
  testerRating: string;
  testerRatingCount: number;
  /** The averages and counts of the ratings that count toward a tier (raters with standing, one per network; numeric(5,2) as strings). */
  developerTierRating: string;
  developerTierCount: number;
  testerTierRating: string;
  testerTierCount: number;
  activityPoints: number;
  /** When the owner confirmed `email` (null: unconfirmed); sessions signed in before sessionsValidAfter are refused. */
  emailVerifiedAt: Date | null;
  sessionsValidAfter: Date | null;
}

/** Queries on users. Pass the pool or a transaction. */
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
    /** Inserts a user; a taken username raises SQLSTATE 23505. */
    async insertUser(input: {
      username: string;
      passwordHash: string;
      email?: string | null;
      role?: Role;
      bio?: string | null;
      isAdmin?: boolean;
      createdAt?: Date;
    }): Promise<UserRow> {
      const [row] = await sql<UserRow[]>`
        INSERT INTO users (username, password_hash, email, role, bio, is_admin, created_at)
        VALUES (${input.username}, ${input.passwordHash}, ${input.email || null}, ${input.role ?? 'both'},
                ${input.bio || null}, ${input.isAdmin ?? false}, ${input.createdAt ?? new Date()})
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
