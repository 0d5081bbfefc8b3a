import { makeTestRequestQueries } from '@vitrine/db/queries/test-requests';
import { makeTestRequestTesterQueries } from '@vitrine/db/queries/test-request-testers';
import { recordModeration } from '@vitrine/db/queries/moderation-log';
import type { MemberCaller } from '../context';
import { commit } from './commit';
import { notFound } from '../errors';
import { TEST_REQUEST_NOT_FOUND } from '../test-request-loaders';

/**
 * An admin hides or shows a test request; the lists and its participants hear of it, and the public
 * moderation log records it with its reason. Asking for the state it already has changes and logs nothing.
 */
export async function testRequestModerator(
  caller: MemberCaller,
  input: { requestId: number; hidden: boolean; reason?: string },
): Promise<void> {
  await commit(caller, async (tx, emit) => {
    const requests = makeTestRequestQueries(tx);
    const row = await requests.lockRequest(input.requestId);
    if (!row) throw notFound(TEST_REQUEST_NOT_FOUND);
    if (row.isHidden === input.hidden) return;
    await requests.setHidden(row.id, input.hidden);
    await recordModeration(tx, {
      action: input.hidden ? 'testRequest.hidden' : 'testRequest.shown',
      subject: { id: row.id, title: row.title, userId: row.userId },
      reason: input.reason,
      actorId: caller.user.id,
    });
    const testerIds = await makeTestRequestTesterQueries(tx).testerIds(row.id);
    emit({ name: 'testRequest.updated', requestId: row.id, ownerId: row.userId, status: null, testerIds });
  });
}
