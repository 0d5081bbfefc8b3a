import type { Role } from '@vitrine/domain/constants';
import type { Tx } from '../sql';
import { feedbackAddressedColumn } from './project-updates';
import type { PeerRatingColumns } from './users';

/** The public part of a user, as the profile page shows it. */
export interface ProfileUserRow extends PeerRatingColumns {
  id: number;
  username: string;
  createdAt: Date;
  role: Role;
  isVerified: boolean;
  bio: string | null;
  activityPoints: number;
  followerCount: number;
  followingCount: number;
  /** How many of their feedback items live updates address. */
  feedbackAddressed: number;
}

/** A project as the profile page lists it. */
export interface ProfileProjectRow {
  id: number;
  title: string;
  description: string;
  category: string;
  tags: string;
  votes: number;
  views: number;
  /** numeric(3,1) as a string. */
  averageRating: string;
  totalRatings: number;
  isHidden: boolean;
  createdAt: Date;
  /** When its address stopped answering (liveness), or null while it is up or unchecked. */
  downSince: Date | null;
}

/** Queries for user profiles and the recipient picker. Pass the pool or a transaction. */
export function makeProfileQueries(sql: Tx) {
  return {
    /** A user's public fields by username, in any letter case. */
    async findProfileUser(username: string): Promise<ProfileUserRow | undefined> {
      const [row] = await sql<ProfileUserRow[]>`
        SELECT id, username, created_at, role, is_verified, bio, developer_rating, developer_rating_count,
               tester_rating, tester_rating_count, developer_tier_rating, developer_tier_count,
               tester_tier_rating, tester_tier_count, activity_points, follower_count, following_count,
               ${feedbackAddressedColumn(sql)} AS feedback_addressed
        FROM users u WHERE lower(username) = lower(${username})`;
      return row;
    },

    /** A user's projects, newest first; hidden ones only when `includeHidden` (the owner or an admin looks). */
    async listUserProjects(userId: number, includeHidden: boolean): Promise<ProfileProjectRow[]> {
      return sql<ProfileProjectRow[]>`
        SELECT id, title, description, category, tags, votes, views, average_rating, total_ratings, is_hidden, created_at,
               (SELECT h.since FROM project_health h WHERE h.project_id = p.id AND h.status = 'down') AS down_since
        FROM projects p
        WHERE user_id = ${userId} ${includeHidden ? sql`` : sql`AND NOT is_hidden`}
        ORDER BY created_at DESC, id DESC`;
    },

    /** Every user but `excludeUserId`, by username (the Message User picker). */
    async listUserOptions(excludeUserId: number): Promise<Array<{ id: number; username: string }>> {
      return sql<Array<{ id: number; username: string }>>`
        SELECT id, username FROM users WHERE id <> ${excludeUserId} ORDER BY lower(username), id`;
    },
  };
}
