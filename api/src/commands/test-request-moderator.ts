import { makeTestRequestQueries } from '@vitrine/db/queries/test-requests';
import { makeTestRequestTesterQueries } from '@vitrine/db/queries/test-request-testers';
import type { MemberCaller } from '../context';
import { commit } from './commit';
import { notFound } from '../errors';
import { TEST_REQUEST_NOT_FOUND } from '../test-request-loaders';

/** An admin hides or shows a test request; the lists and its participants hear of it. */
export async function testRequestModerator(
  caller: MemberCaller,
  input: { requestId: number; hidden: boolean },
): Promise<void> {
  await commit(caller, async (tx, emit) => {
    const requests = makeTestRequestQueries(tx);
    const row = await requests.lockRequest(input.requestId);
    if (!row) throw notFound(TEST_REQUEST_NOT_FOUND);
    await requests.setHidden(row.id, input.hidden);
    const testerIds = await makeTestRequestTesterQueries(tx).testerIds(row.id);
    emit({ name: 'testRequest.updated', requestId: row.id, ownerId: row.userId, status: null, testerIds });
  });
}
