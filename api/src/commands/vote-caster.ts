import type { ProjectRow } from '@vitrine/db/queries/projects';
import type { Caller } from '../context';
import { conflict, forbidden, notFound, OWN_PROJECT_VOTE } from '../errors';
import { PROJECT_NOT_FOUND } from '../loaders';
import { addressKey, networkKey } from '../client-address';

/** The 409 of a repeat vote. */
export const ALREADY_VOTED = 'You have already voted for this project';

/**
 * Casts a vote: a member's once per project, a visitor's once per project per address (an IPv6 one
 * per /64, see addressKey: the key is what votes.ip_address holds). The vote row, the
 * counter and the vote.created event commit together in one statement, shared with the votes that
 * arrived at the same moment (commands/ballot-box.ts), so a hot project's row lock is held once per
 * burst; a repeat is 409, a project the caller may not see 404 (rule 'project.read'), the owner's own
 * project 403 (policy 'project.vote'): the statement applies both, so nothing is read or checked after it. Answers the updated project as the
 * statement returned it; the live push takes its counts from the event, so nothing re-reads the row.
 * The vote's weight comes from the evidence the statement reads (db castVotes): `clicked` is whether
 * the visitor holds a running outbound-link proof for the project (api/src/outbound-proof.ts).
 */
export async function voteCaster(caller: Caller, input: { projectId: number; clicked?: boolean }): Promise<ProjectRow> {
  const user = caller.user;
  const cast = await caller.deps.ballotBox.cast({
    projectId: input.projectId,
    actor: user ? { id: user.id, isAdmin: user.isAdmin } : null,
    ip: addressKey(caller.ip),
    network: networkKey(caller.ip),
    clicked: input.clicked ?? false,
  });
  if (cast.outcome === 'missing') throw notFound(PROJECT_NOT_FOUND);
  if (cast.outcome === 'own') throw forbidden(OWN_PROJECT_VOTE);
  if (cast.outcome === 'repeat') throw conflict(ALREADY_VOTED);
  return cast.project;
}
