import { makeViewQueries } from '@vitrine/db/queries/views';
import { STALE } from '@vitrine/runtime/stale-reads';
import { loggerFor } from '@vitrine/runtime/logger';
import type { Caller } from '../context';
import { notFound } from '../errors';
import { PROJECT_NOT_FOUND } from '../loaders';
import { announceStale } from '../cache/http';
import { addressKey } from '../client-address';

/** What the beacon says about the reader, for the owner's stats. */
export interface ViewReader {
  /** DNT or Sec-GPC: nothing beyond the public counter is recorded (api/src/tracking.ts). */
  doNotTrack: boolean;
  userAgent: string;
  /** Where the view came from (domain/src/stats.ts viewSource). */
  source: string;
}

/**
 * The view beacon: one view per viewer (signed-in user, else address; an IPv6 one per /64) per project per UTC day; the day row
 * and the counter commit together in one statement. It never votes and records no event; a counted
 * view makes the shared reads showing the project stale. Every view of a reader other than the owner
 * who does not ask not to be tracked is also counted for the owner's stats, in Redis only (runtime/src/page-stats.ts); a
 * failure there costs the stats one view, never the beacon. Answers the project's views.
 */
export async function viewRecorder(caller: Caller, input: { projectId: number; reader: ViewReader }): Promise<number> {
  const user = caller.user;
  const address = addressKey(caller.ip);
  const recorded = await makeViewQueries(caller.deps.sql).recordView({
    projectId: input.projectId,
    viewerKey: user ? `u:${user.id}` : `ip:${address}`,
    actor: user ? { id: user.id, isAdmin: user.isAdmin } : null,
  });
  if (recorded === undefined) throw notFound(PROJECT_NOT_FOUND);
  if (recorded.counted) await announceStale(caller, [STALE.project(input.projectId), STALE.order('views')]);
  // The owner's own visits would only inflate what the owner reads.
  if (!input.reader.doNotTrack && !(user && user.id === recorded.ownerId)) {
    await caller.deps.pageStats
      .recordView({
        projectId: input.projectId,
        viewer: user ? { userId: user.id } : { addressKey: address, userAgent: input.reader.userAgent },
        source: input.reader.source,
      })
      .catch((err: unknown) => loggerFor('page-stats').warn({ err }, 'a view was not counted for the stats'));
  }
  return recorded.views;
}
