import { makeEventQueries } from '@vitrine/db/queries/events';
import { makeTestRequestQueries } from '@vitrine/db/queries/testRequests';
import { makeTestRequestTesterQueries } from '@vitrine/db/queries/testRequestTesters';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { TEST_REQUEST_NOT_FOUND } from './testRequestReader';

/** An admin hides or shows a test request; the lists and its participants hear of it. */
export async function testRequestModerator(ctx: AppContext, input: { requestId: number; hidden: boolean }): Promise<void> {
  const events = await ctx.deps.sql.begin(async (tx) => {
    const requests = makeTestRequestQueries(tx);
    const row = await requests.lockRequest(input.requestId);
    if (!row) throw notFound(TEST_REQUEST_NOT_FOUND);
    await requests.setHidden(row.id, input.hidden);
    const testerIds = await makeTestRequestTesterQueries(tx).testerIds(row.id);
    return makeEventQueries(tx).recordEvents([{ name: 'testRequest.updated', requestId: row.id, ownerId: row.userId, status: null, testerIds }]);
  });
  await ctx.deps.publisher.publish(events);
}
