import type { Tx } from '../sql';
import { addressedByColumn, type AddressedByRow } from './project-updates';

/** A test_feedback row with the tester's username. */
export interface FeedbackRow {
  id: number;
  requestId: number;
  testerId: number;
  testerUsername: string;
  worked: string;
  problems: string;
  suggestions: string;
  score: number;
  isHelpful: boolean;
  helpfulCount: number;
  createdAt: Date;
  updatedAt: Date;
  /** The newest live update naming it as addressed (project_update_feedback), or null. */
  addressedBy: AddressedByRow | null;
}

/** The parts of a feedback a tester writes. */
export interface FeedbackFields {
  worked: string;
  problems: string;
  suggestions: string;
  score: number;
}

/** Queries on test_feedback. Pass the pool or a transaction. */
export function makeTestFeedbackQueries(sql: Tx) {
  const select = sql`
    SELECT f.id, f.request_id, f.tester_id, u.username AS tester_username, f.worked, f.problems, f.suggestions,
           f.score, f.is_helpful, f.helpful_count, f.created_at, f.updated_at,
           ${addressedByColumn(sql)} AS addressed_by
    FROM test_feedback f JOIN users u ON u.id = f.tester_id`;

  return {
    /**
     * Writes a tester's feedback, replacing an earlier one. The foreign key to test_request_testers
     * refuses a non-tester (23503). Answers the id and whether it is new.
     */
    async upsertFeedback(
      requestId: number,
      testerId: number,
      input: FeedbackFields,
    ): Promise<{ id: number; created: boolean }> {
      const [row] = await sql<{ id: number; created: boolean }[]>`
        INSERT INTO test_feedback (request_id, tester_id, worked, problems, suggestions, score)
        VALUES (${requestId}, ${testerId}, ${input.worked}, ${input.problems}, ${input.suggestions}, ${input.score})
        ON CONFLICT (request_id, tester_id) DO UPDATE
          SET worked = EXCLUDED.worked, problems = EXCLUDED.problems, suggestions = EXCLUDED.suggestions,
              score = EXCLUDED.score, updated_at = now()
        RETURNING id, (xmax = 0) AS created`;
      return row!;
    },

    /** The feedback of a request, oldest first. */
    async listFeedback(requestId: number): Promise<FeedbackRow[]> {
      return sql<FeedbackRow[]>`${select} WHERE f.request_id = ${requestId} ORDER BY f.created_at, f.id`;
    },

    /** A feedback by id, locked for the rest of the transaction. */
    async lockFeedback(
      id: number,
    ): Promise<{ id: number; requestId: number; testerId: number; isHelpful: boolean } | undefined> {
      const [row] = await sql<{ id: number; requestId: number; testerId: number; isHelpful: boolean }[]>`
        SELECT id, request_id, tester_id, is_helpful FROM test_feedback WHERE id = ${id} FOR UPDATE`;
      return row;
    },

    /** Whether a tester has written feedback on a request. */
    async hasFeedback(requestId: number, testerId: number): Promise<boolean> {
      const [row] = await sql`SELECT 1 FROM test_feedback WHERE request_id = ${requestId} AND tester_id = ${testerId}`;
      return Boolean(row);
    },

    /** Marks a feedback helpful once; answers the new helpfulCount, or null when it already was. */
    async markHelpful(id: number): Promise<number | null> {
      const [row] = await sql<{ helpfulCount: number }[]>`
        UPDATE test_feedback SET is_helpful = true, helpful_count = helpful_count + 1
        WHERE id = ${id} AND NOT is_helpful RETURNING helpful_count`;
      return row ? row.helpfulCount : null;
    },
  };
}
