import type { JobsOptions } from 'bullmq';
import {
  LEADERBOARD_RANGES,
  TRENDING_PERIODS,
  type LeaderboardRange,
  type TrendingPeriod,
} from '@vitrine/domain/constants';
import { JOB } from './job-names';

/**
 * One ranking board, or the top contributors brought up to the votes alone
 * (`votesOnly`: the votes since the last recompute are added to their owners' running totals).
 */
export type Board =
  | { kind: 'trending'; period: TrendingPeriod }
  | { kind: 'leaderboard'; range: LeaderboardRange }
  | { kind: 'top-contributors'; votesOnly?: true };

export const TRENDING_BOARDS: Board[] = TRENDING_PERIODS.map((period) => ({ kind: 'trending', period }));
export const LEADERBOARD_BOARDS: Board[] = LEADERBOARD_RANGES.map((range) => ({ kind: 'leaderboard', range }));
export const TOP_CONTRIBUTORS_BOARD: Board = { kind: 'top-contributors' };
const TOP_CONTRIBUTORS_VOTES: Board = { kind: 'top-contributors', votesOnly: true };
export const ALL_BOARDS: Board[] = [...TRENDING_BOARDS, ...LEADERBOARD_BOARDS, TOP_CONTRIBUTORS_BOARD];

/** The boards a vote moves: a vote only adds to its project's owner's total, so the top contributors follow it incrementally. */
export const VOTE_BOARDS: Board[] = [...TRENDING_BOARDS, ...LEADERBOARD_BOARDS, TOP_CONTRIBUTORS_VOTES];
/** The boards a rating moves: the rating is the leaderboard's tie-break; trending and contributors count votes only. */
export const RATING_BOARDS: Board[] = LEADERBOARD_BOARDS;

/**
 * A board's deduplication id. It is also the board's name in ranking_boards (db/src/queries/rankings.ts),
 * except for the votes-only top contributors, which write the 'top-contributors' board.
 */
export function boardId(board: Board): string {
  if (board.kind === 'trending') return `trending:${board.period}`;
  if (board.kind === 'leaderboard') return `leaderboard:${board.range}`;
  return board.votesOnly ? 'top-contributors:votes' : 'top-contributors';
}

/**
 * The recompute job of a board, deduplicated per board: while one is pending, adding another is a
 * no-op; while one runs, one more is kept to run after it (BullMQ `keepLastIfActive`), so a board
 * never recomputes twice at once and a burst of votes costs at most two recomputes per board.
 * The short delay lets a burst gather behind the first job.
 */
export function boardJob(board: Board, delayMs: number): { name: string; data: object; opts: JobsOptions } {
  const opts: JobsOptions = {
    delay: delayMs,
    deduplication: { id: boardId(board), keepLastIfActive: true },
    attempts: 3,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 1000 },
  };
  if (board.kind === 'trending') return { name: JOB.recomputeTrending, data: { period: board.period }, opts };
  if (board.kind === 'leaderboard') return { name: JOB.recomputeLeaderboard, data: { range: board.range }, opts };
  return { name: JOB.recomputeTopContributors, data: { votesOnly: board.votesOnly ?? false }, opts };
}
