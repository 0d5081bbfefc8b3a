import type { Tx } from '../sql';

/** A tester of a request with their tester rating. */
export interface TesterRow {
  userId: number;
  username: string;
  /** numeric(5,2) as a string. */
  testerRating: string;
  testerRatingCount: number;
  /** The tester rating toward a tier and how many ratings count. */
  testerTierRating: string;
  testerTierCount: number;
  joinedAt: Date;
}

/**
 * How many members joined one of the test requests of projects row `p` (hidden requests left out;
 * index project_requests_project_idx, then test_request_testers' key); badges.ts composes it.
 */
export function projectTestersColumn(sql: Tx) {
  return sql`(SELECT count(DISTINCT t.user_id)::int FROM project_requests r
    JOIN test_request_testers t ON t.request_id = r.id
    WHERE r.project_id = p.id AND NOT r.is_hidden)`;
}

/** Queries on test_request_testers. Pass the pool or a transaction. */
export function makeTestRequestTesterQueries(sql: Tx) {
  return {
    /** Adds a tester; answers false when they had already joined. */
    async insertTester(requestId: number, userId: number): Promise<boolean> {
      const rows = await sql`
        INSERT INTO test_request_testers (request_id, user_id) VALUES (${requestId}, ${userId})
        ON CONFLICT DO NOTHING RETURNING user_id`;
      return rows.length === 1;
    },

    /** Removes a tester (and, by cascade, their feedback); answers whether they were there. */
    async deleteTester(requestId: number, userId: number): Promise<boolean> {
      const rows =
        await sql`DELETE FROM test_request_testers WHERE request_id = ${requestId} AND user_id = ${userId} RETURNING user_id`;
      return rows.length === 1;
    },

    /** Whether `userId` joined `requestId`. */
    async isTester(requestId: number, userId: number): Promise<boolean> {
      const [row] =
        await sql`SELECT 1 FROM test_request_testers WHERE request_id = ${requestId} AND user_id = ${userId}`;
      return Boolean(row);
    },

    /** The testers of a request in joining order. */
    async listTesters(requestId: number): Promise<TesterRow[]> {
      return sql<TesterRow[]>`
        SELECT t.user_id, u.username, u.tester_rating, u.tester_rating_count, u.tester_tier_rating, u.tester_tier_count, t.joined_at
        FROM test_request_testers t JOIN users u ON u.id = t.user_id
        WHERE t.request_id = ${requestId} ORDER BY t.joined_at, t.user_id`;
    },

    /** The ids of a request's testers. */
    async testerIds(requestId: number): Promise<number[]> {
      const rows = await sql<
        { userId: number }[]
      >`SELECT user_id FROM test_request_testers WHERE request_id = ${requestId}`;
      return rows.map((r) => r.userId);
    },
  };
}
