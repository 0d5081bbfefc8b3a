import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeVoteQueries } from '@vitrine/db/queries/votes';
import type { Caller } from '../context';
import { conflict } from '../errors';
import { ensureReadable } from '../loaders';
import { addressKey } from '../client-address';
import { commit } from './commit';

/** The 409 of a repeat vote. */
export const ALREADY_VOTED = 'You have already voted for this project';

/**
 * Casts a vote: a member's once per project, a visitor's once per project per address
 * (an IPv6 one per /64, see addressKey: the key is what votes.ip_address holds). The vote row, the
 * counter and the vote.created event commit together; the partial unique indexes decide repeats
 * (ON CONFLICT DO NOTHING, then 409), so parallel repeats still give exactly one vote.
 * Answers the project's new vote count.
 */
export async function voteCaster(caller: Caller, input: { projectId: number }): Promise<number> {
  return commit(caller, async (tx, emit) => {
    const projects = makeProjectQueries(tx);
    ensureReadable(caller.user, await projects.lockProject(input.projectId));
    if (!(await makeVoteQueries(tx).insertVote({ projectId: input.projectId, userId: caller.user?.id ?? null, ip: addressKey(caller.ip) }))) {
      throw conflict(ALREADY_VOTED);
    }
    const votes = await projects.incrementVotes(input.projectId);
    emit({ name: 'vote.created', projectId: input.projectId, votes });
    return votes;
  });
}
