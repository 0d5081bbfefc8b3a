import type { Tx } from '../sql';
import { projectColumns, type ProjectRow, type Viewer } from './projects';
import { makeUserQueries } from './users';

/** Queries on follows (migration 0022): a member following a maker. Pass the pool or a transaction. */
export function makeFollowQueries(sql: Tx) {
  return {
    /**
     * Records that `followerId` follows `followeeId` and moves both counters (users.ts) when the follow
     * is new; answers the followee's follower count and whether this call added the follow. Run it in a
     * transaction.
     */
    async follow(followerId: number, followeeId: number): Promise<{ followers: number; added: boolean }> {
      const added = await sql`
        INSERT INTO follows (follower_id, followee_id) VALUES (${followerId}, ${followeeId})
        ON CONFLICT DO NOTHING RETURNING follower_id`;
      if (added.length > 0)
        return { followers: await makeUserQueries(sql).addFollowCounts(followerId, followeeId, 1), added: true };
      return { followers: await followerCountOf(sql, followeeId), added: false };
    },

    /**
     * Undoes a follow (nothing when there was none); answers the followee's follower count and whether
     * this call removed the follow. Run it in a transaction.
     */
    async unfollow(followerId: number, followeeId: number): Promise<{ followers: number; removed: boolean }> {
      const removed = await sql`
        DELETE FROM follows WHERE follower_id = ${followerId} AND followee_id = ${followeeId} RETURNING follower_id`;
      if (removed.length > 0)
        return { followers: await makeUserQueries(sql).addFollowCounts(followerId, followeeId, -1), removed: true };
      return { followers: await followerCountOf(sql, followeeId), removed: false };
    },

    /** Whether `followerId` follows `followeeId` (the primary key). */
    async isFollowing(followerId: number, followeeId: number): Promise<boolean> {
      const [row] = await sql`SELECT 1 FROM follows WHERE follower_id = ${followerId} AND followee_id = ${followeeId}`;
      return Boolean(row);
    },

    /**
     * One batch of a maker's followers in id order after `afterId` (follows_followee_idx): the worker
     * walks them a batch at a time.
     */
    async followerBatch(followeeId: number, afterId: number, size: number): Promise<number[]> {
      const rows = await sql<{ followerId: number }[]>`
        SELECT follower_id FROM follows WHERE followee_id = ${followeeId} AND follower_id > ${afterId}
        ORDER BY follower_id LIMIT ${size}`;
      return rows.map((r) => r.followerId);
    },

    /**
     * The Following feed: visible projects of the makers `viewer` follows, newest first; with `after` (a
     * project id, the last of the previous page) the page starts right after it. Each followed maker's
     * projects come from projects_user_idx; a member follows at most MAX_FOLLOWS makers.
     */
    async listFollowingFeed(opts: { viewer: Viewer & { userId: number }; after?: number; limit: number }) {
      return sql<ProjectRow[]>`
        SELECT ${projectColumns(sql, opts.viewer)}
        FROM follows f
        JOIN projects p ON p.user_id = f.followee_id
        JOIN users u ON u.id = p.user_id
        WHERE f.follower_id = ${opts.viewer.userId} AND NOT p.is_hidden
          ${
            opts.after === undefined
              ? sql``
              : sql`AND (p.created_at, p.id) < (SELECT c.created_at, c.id FROM projects c WHERE c.id = ${opts.after})`
          }
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT ${opts.limit}`;
    },
  };
}

/** A user's follower count (0 when gone). */
async function followerCountOf(sql: Tx, userId: number): Promise<number> {
  const [row] = await sql<{ followerCount: number }[]>`SELECT follower_count FROM users WHERE id = ${userId}`;
  return row?.followerCount ?? 0;
}
