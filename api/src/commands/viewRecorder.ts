import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeViewQueries } from '@vitrine/db/queries/views';
import type { Caller } from '../context';
import { ensureReadable } from '../loaders';
import { addressKey } from '../client-address';
import { commit } from './commit';

/**
 * The view beacon: one view per viewer (signed-in user, else address; an IPv6 one per /64) per project per UTC day; the day row
 * and the counter commit together. It never votes and records no event. Answers the project's views.
 */
export async function viewRecorder(caller: Caller, input: { projectId: number }): Promise<number> {
  const viewerKey = caller.user ? `u:${caller.user.id}` : `ip:${addressKey(caller.ip)}`;
  return commit(caller, async (tx) => {
    const projects = makeProjectQueries(tx);
    ensureReadable(caller.user, await projects.lockProject(input.projectId));
    const counted = await makeViewQueries(tx).insertView(input.projectId, viewerKey);
    return counted ? projects.incrementViews(input.projectId) : projects.findViews(input.projectId);
  });
}
