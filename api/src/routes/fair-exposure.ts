import { pageById } from '@vitrine/domain/schemas/paging';
import { fairExposureContracts } from '@vitrine/domain/contracts/fair-exposure';
import { makeImpressionQueries } from '@vitrine/db/queries/impressions';
import { makeModerationLogQueries } from '@vitrine/db/queries/moderation-log';
import { route, type Route } from '../contracts/route';
import { impressionCounter, stripVisitor } from '../commands/impression-counter';
import { viewerOf } from '../loaders';
import { presentProject } from '../presenters/project';
import { presentModerationEntry } from '../presenters/moderation-log';

/**
 * New & rising (the strip and its impressions beacon) and the public moderation log. Mounted before the
 * project routes, so /api/projects/rising is not read as a project id.
 */
export const fairExposureRoutes: Route[] = [
  // A visitor's strip is theirs alone (shuffled for them, their votes): private, as every read its contract does not share.
  route(fairExposureContracts.rising, { access: 'anyone', limit: 'rising' }, async (call) => {
    const rows = await call.deps.heavyReads.rising.run(() =>
      makeImpressionQueries(call.deps.sql).listStrip(stripVisitor(call), viewerOf(call), call.query.limit),
    );
    return rows.map((row) => presentProject(row, call.user));
  }),
  route(fairExposureContracts.impressions, { access: 'anyone', limit: 'impressions' }, async (call) => ({
    counted: await impressionCounter(call, call.body),
  })),
  route(fairExposureContracts.moderationLog, { access: 'anyone' }, async (call) => {
    const { limit } = call.query;
    const rows = await makeModerationLogQueries(call.deps.sql).listEntries({ ...call.query, limit: limit + 1 });
    return pageById(rows.map(presentModerationEntry), limit);
  }),
];
