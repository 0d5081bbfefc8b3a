import { REPORT_STANDING_MIN_ACTIONS, REPORT_STANDING_MIN_AGE_DAYS } from '@vitrine/domain/constants';
import type { Tx } from '../sql';
import { hasStanding, type Standing } from './standing';
import { makeUserSettingsQueries } from './user-settings';
import { setRatingAggregates } from './users';

/** Who counts toward a badge tier: unpaused raters with the standing the report auto-hide asks of reporters. */
export const TIER_STANDING: Standing = {
  minAgeDays: REPORT_STANDING_MIN_AGE_DAYS,
  minActions: REPORT_STANDING_MIN_ACTIONS,
};

/** Which of a user's two ratings a rating feeds: developer (given by a tester) or tester (given by the owner). */
export type RatingType = 'developer' | 'tester';

/** A user_ratings row as the profile lists it. */
export interface UserRatingRow {
  id: number;
  ratedUserId: number;
  raterUserId: number;
  raterUsername: string;
  rating: number;
  ratingType: RatingType;
  feedback: string | null;
  requestId: number | null;
  requestTitle: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A rating as its giver sees it. */
export interface GivenRatingRow {
  id: number;
  ratedUserId: number;
  rating: number;
  feedback: string | null;
  createdAt: Date;
}

/** Queries on user_ratings (peer ratings given in test requests). Pass the pool or a transaction. */
export function makeUserRatingQueries(sql: Tx) {
  return {
    /** The rating `raterId` gave `ratedId` in a request, locked for the rest of the transaction. */
    async lockPairRating(requestId: number, raterId: number, ratedId: number): Promise<GivenRatingRow | undefined> {
      const [row] = await sql<GivenRatingRow[]>`
        SELECT id, rated_user_id, rating, feedback, created_at FROM user_ratings
        WHERE request_id = ${requestId} AND rater_user_id = ${raterId} AND rated_user_id = ${ratedId} FOR UPDATE`;
      return row;
    },

    /** Inserts a rating; a second one for the same pair and request raises 23505 (user_ratings_pair_key). */
    async insertRating(input: {
      requestId: number;
      projectId: number;
      raterId: number;
      ratedId: number;
      rating: number;
      ratingType: RatingType;
      feedback: string | null;
      /** The rater's network (api/src/client-address.ts networkKey): raters of one network count once toward a tier. */
      raterNetwork: string;
    }): Promise<GivenRatingRow> {
      const [row] = await sql<GivenRatingRow[]>`
        INSERT INTO user_ratings (request_id, project_id, rater_user_id, rated_user_id, rating, rating_type, feedback, rater_network)
        VALUES (${input.requestId}, ${input.projectId}, ${input.raterId}, ${input.ratedId}, ${input.rating}, ${input.ratingType}, ${input.feedback}, ${input.raterNetwork})
        RETURNING id, rated_user_id, rating, feedback, created_at`;
      return row!;
    },

    /** Changes a rating's score and note (and the network it now comes from). */
    async updateRating(
      id: number,
      rating: number,
      feedback: string | null,
      raterNetwork: string,
    ): Promise<GivenRatingRow> {
      const [row] = await sql<GivenRatingRow[]>`
        UPDATE user_ratings SET rating = ${rating}, feedback = ${feedback}, rater_network = ${raterNetwork}, updated_at = now() WHERE id = ${id}
        RETURNING id, rated_user_id, rating, feedback, created_at`;
      return row!;
    },

    /** The ratings `raterId` gave in a request. */
    async listGiven(requestId: number, raterId: number): Promise<GivenRatingRow[]> {
      return sql<GivenRatingRow[]>`
        SELECT id, rated_user_id, rating, feedback, created_at FROM user_ratings
        WHERE request_id = ${requestId} AND rater_user_id = ${raterId} ORDER BY id`;
    },

    /** The ratings a user received, newest first. */
    async listReceived(ratedId: number, limit: number): Promise<UserRatingRow[]> {
      return sql<UserRatingRow[]>`
        SELECT ur.id, ur.rated_user_id, ur.rater_user_id, u.username AS rater_username, ur.rating, ur.rating_type,
               ur.feedback, ur.request_id, r.title AS request_title, ur.created_at, ur.updated_at
        FROM user_ratings ur JOIN users u ON u.id = ur.rater_user_id
        LEFT JOIN project_requests r ON r.id = ur.request_id
        WHERE ur.rated_user_id = ${ratedId}
        ORDER BY ur.created_at DESC, ur.id DESC LIMIT ${limit}`;
    },

    /** Deletes a rating (admin); answers whom it rated, or undefined when it is gone. */
    async deleteRating(id: number): Promise<{ ratedUserId: number } | undefined> {
      const [row] = await sql<
        { ratedUserId: number }[]
      >`DELETE FROM user_ratings WHERE id = ${id} RETURNING rated_user_id`;
      return row;
    },

    /**
     * Recomputes a user's developerRating / testerRating and counts from their rating rows (numeric(5,2)),
     * and the tier aggregates: the average and count of the ratings that count toward a badge tier. Those
     * come from raters with standing (`standing`, the report auto-hide's rule, standing.ts), each rater
     * once (the average of their ratings of this type, at the network of their latest), and each network
     * once (the average of its raters): accounts made for the purpose, or many accounts on one /24 or
     * /48, cannot lift a tier. A paused rater counts for nothing. Standing is judged at each recompute:
     * every rating saved or removed, and every change of a rater's standing (refreshTiersAround).
     * Run in the transaction that changed a rating, after locking the user row, so the aggregates always
     * equal the rows.
     */
    async refreshAggregates(userId: number, standing: Standing): Promise<void> {
      const aggregates = sql`
        SELECT coalesce(a.dev_avg, 0) AS developer_rating, a.dev_count AS developer_rating_count,
               coalesce(a.test_avg, 0) AS tester_rating, a.test_count AS tester_rating_count,
               coalesce(t.dev_avg, 0) AS developer_tier_rating, t.dev_count AS developer_tier_count,
               coalesce(t.test_avg, 0) AS tester_tier_rating, t.test_count AS tester_tier_count
        FROM (
          SELECT round(avg(rating) FILTER (WHERE rating_type = 'developer'), 2) AS dev_avg,
                 count(*) FILTER (WHERE rating_type = 'developer')::int AS dev_count,
                 round(avg(rating) FILTER (WHERE rating_type = 'tester'), 2) AS test_avg,
                 count(*) FILTER (WHERE rating_type = 'tester')::int AS test_count
          FROM user_ratings WHERE rated_user_id = ${userId}
        ) a, (
          SELECT round(avg(score) FILTER (WHERE rating_type = 'developer'), 2) AS dev_avg,
                 count(*) FILTER (WHERE rating_type = 'developer')::int AS dev_count,
                 round(avg(score) FILTER (WHERE rating_type = 'tester'), 2) AS test_avg,
                 count(*) FILTER (WHERE rating_type = 'tester')::int AS test_count
          FROM (
            SELECT rating_type, network, avg(score) AS score
            FROM (
              SELECT ur.rating_type, avg(ur.rating) AS score,
                     -- A rating from before networks were kept names only itself.
                     (array_agg(coalesce(ur.rater_network, 'rating:' || ur.id) ORDER BY ur.updated_at DESC, ur.id DESC))[1] AS network
              FROM user_ratings ur JOIN users rater ON rater.id = ur.rater_user_id
              WHERE ur.rated_user_id = ${userId} AND NOT rater.is_paused AND ${hasStanding(sql, 'rater', standing)}
              GROUP BY ur.rating_type, ur.rater_user_id
            ) per_rater
            GROUP BY rating_type, network
          ) per_network
        ) t`;
      await setRatingAggregates(sql, userId, aggregates);
    },
  };
}

/**
 * The one path of a change of raters' standing (an account deleted by an admin or by its owner, a
 * pause, an unpause, the accounts of a confirmed ring), in the caller's transaction: locks, in id
 * order, every user `raterIds` rated, runs `change`, then recomputes those users' aggregates
 * (refreshAggregates, TIER_STANDING), so a tier never outlives the raters that made it. The ratings
 * of a deleted rater go by cascade before the recompute. Answers what `change` answers and the rated
 * users that are still there (for the caller's event).
 */
export async function refreshTiersAround<T>(
  tx: Tx,
  raterIds: number[],
  change: () => Promise<T>,
): Promise<{ result: T; ratedUserIds: number[] }> {
  const rated =
    raterIds.length === 0
      ? []
      : await tx<{ id: number }[]>`
    SELECT DISTINCT rated_user_id AS id FROM user_ratings WHERE rater_user_id = ANY(${raterIds}::int[]) ORDER BY 1`;
  const ids = rated.map((r) => r.id).filter((id) => !raterIds.includes(id));
  await makeUserSettingsQueries(tx).lockUsers(ids);
  const result = await change();
  const ratings = makeUserRatingQueries(tx);
  for (const id of ids) await ratings.refreshAggregates(id, TIER_STANDING);
  return { result, ratedUserIds: ids };
}
