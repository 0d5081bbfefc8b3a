import { makeVoteQueries } from '@vitrine/db/queries/votes';
import type { ProjectRow } from '@vitrine/db/queries/projects';
import type { AppContext } from '../context';
import { conflict, notFound } from '../errors';
import { ensureReadable, PROJECT_NOT_FOUND } from './projectReader';
import { countsEvent } from './counts';

/** The 409 of a repeat vote. */
export const ALREADY_VOTED = 'You have already voted for this project';

/**
 * Casts a vote: a member's once per project, a visitor's once per project per IP. The vote row, the
 * counter and the vote.created event commit together in one statement (db castVote); a repeat is
 * 409, a project the caller may not see 404. Answers the updated project as the statement returned
 * it; the live push takes its counts from the event.
 */
export async function voteCaster(ctx: AppContext, input: { projectId: number }): Promise<ProjectRow> {
  const user = ctx.state.user;
  const cast = await makeVoteQueries(ctx.deps.sql).castVote({
    projectId: input.projectId,
    actor: user ? { id: user.id, isAdmin: user.isAdmin } : null,
    ip: ctx.ip,
  });
  if (cast.outcome === 'missing') throw notFound(PROJECT_NOT_FOUND);
  if (cast.outcome !== 'counted') throw conflict(ALREADY_VOTED);
  ensureReadable(ctx, cast.project);
  await ctx.deps.publisher.publish([countsEvent('vote.created', cast.eventId, cast.project)]);
  return cast.project;
}
