import { makeEventQueries } from '@vitrine/db/queries/events';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeVoteQueries } from '@vitrine/db/queries/votes';
import type { AppContext } from '../context';
import { conflict } from '../errors';
import { ensureReadable } from './projectReader';

/** The 409 of a repeat vote. */
export const ALREADY_VOTED = 'You have already voted for this project';

/**
 * Casts a vote: a member's once per project, a visitor's once per project per IP. The vote row, the
 * counter and the vote.created event commit together; the partial unique indexes decide repeats
 * (ON CONFLICT DO NOTHING, then 409), so parallel repeats still give exactly one vote.
 * Answers the project's new vote count.
 */
export async function voteCaster(ctx: AppContext, input: { projectId: number }): Promise<number> {
  const userId = ctx.state.user?.id ?? null;
  const { votes, events } = await ctx.deps.sql.begin(async (tx) => {
    ensureReadable(ctx, await makeProjectQueries(tx).lockProject(input.projectId));
    const voteQueries = makeVoteQueries(tx);
    if (!(await voteQueries.insertVote({ projectId: input.projectId, userId, ip: ctx.ip }))) throw conflict(ALREADY_VOTED);
    const count = await voteQueries.incrementVotes(input.projectId);
    const stored = await makeEventQueries(tx).recordEvents([{ name: 'vote.created', projectId: input.projectId, votes: count }]);
    return { votes: count, events: stored };
  });
  await ctx.deps.publisher.publish(events);
  return votes;
}
