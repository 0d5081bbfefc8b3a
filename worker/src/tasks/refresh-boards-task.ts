import { z } from 'zod';
import type { WorkerContext } from '../context';
import {
  ALL_BOARDS,
  LEADERBOARD_BOARDS,
  TOP_CONTRIBUTORS_BOARD,
  TRENDING_BOARDS,
  boardJob,
  type Board,
} from '../boards';
import { JOB } from '../job-names';
import { defineTask } from './task';

/** The groups a schedule refreshes. */
const GROUPS = {
  trending: TRENDING_BOARDS,
  leaderboards: [...LEADERBOARD_BOARDS, TOP_CONTRIBUTORS_BOARD],
  all: ALL_BOARDS,
} satisfies Record<string, Board[]>;

/**
 * Adds the deduplicated recompute jobs of `boards` (the one way a board gets recomputed), each after
 * `delayMs`, or by default after its board's gathering delay (recomputeDelayMs, contributorsDelayMs).
 */
export async function enqueueBoards(ctx: WorkerContext, boards: Board[], delayMs?: number): Promise<void> {
  if (boards.length === 0) return;
  const whole = (board: Board) => board.kind === 'top-contributors' && !board.votesOnly;
  const delayOf = (board: Board) =>
    delayMs ?? (whole(board) ? ctx.settings.contributorsDelayMs : ctx.settings.recomputeDelayMs);
  await ctx.queues.tasks.addBulk(boards.map((board) => boardJob(board, delayOf(board))));
}

/**
 * A schedule's tick (upsertJobScheduler): windows roll over without traffic. It goes through the
 * same deduplicated jobs as events, so a tick never runs a board alongside an event's recompute.
 */
export const RefreshBoardsTask = defineTask({
  name: JOB.refreshBoards,
  schema: z.object({ group: z.enum(['trending', 'leaderboards', 'all']) }),
  async run(ctx, { group }) {
    await enqueueBoards(ctx, GROUPS[group], 0);
  },
});
