import { makeViewQueries } from '@vitrine/db/queries/views';
import { STALE } from '@vitrine/runtime/stale-reads';
import type { Caller } from '../context';
import { notFound } from '../errors';
import { PROJECT_NOT_FOUND } from '../loaders';
import { announceStale } from '../cache/http';
import { addressKey } from '../client-address';

/**
 * The view beacon: one view per viewer (signed-in user, else address; an IPv6 one per /64) per project per UTC day; the day row
 * and the counter commit together in one statement. It never votes and records no event; a counted
 * view makes the shared reads showing the project stale. Answers the project's views.
 */
export async function viewRecorder(caller: Caller, input: { projectId: number }): Promise<number> {
  const user = caller.user;
  const recorded = await makeViewQueries(caller.deps.sql).recordView({
    projectId: input.projectId,
    viewerKey: user ? `u:${user.id}` : `ip:${addressKey(caller.ip)}`,
    actor: user ? { id: user.id, isAdmin: user.isAdmin } : null,
  });
  if (recorded === undefined) throw notFound(PROJECT_NOT_FOUND);
  if (recorded.counted) await announceStale(caller, [STALE.project(input.projectId), STALE.order('views')]);
  return recorded.views;
}
