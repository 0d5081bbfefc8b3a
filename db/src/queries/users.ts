import type { Role } from '@vitrine/domain/constants';
import type { Tx } from '../sql';

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
  /** Issue 13: email copies of test-request notices, and the peer-rating aggregates (numeric(5,2) strings). */
  emailNotices: boolean;
  developerRating: string;
  developerRatingCount: number;
  testerRating: string;
  testerRatingCount: number;
  activityPoints: number;
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
  };
}
