import { makeTestFeedbackQueries } from '@vitrine/db/queries/test-feedback';
import { makeTestRequestQueries } from '@vitrine/db/queries/test-requests';
import { makeTestRequestTesterQueries } from '@vitrine/db/queries/test-request-testers';
import { isActiveStatus } from '@vitrine/domain/test-requests';
import type { MemberCaller } from '../context';
import { commit } from './commit';
import { conflict, notFound } from '../errors';
import { requestProjectReadable, TEST_REQUEST_NOT_FOUND } from '../test-request-loaders';

/** Refusals of a leave. */
export const LEAVE_MESSAGES = {
  notJoined: 'You have not joined this test request',
  finished: 'You can no longer leave a test request that is completed or cancelled',
} as const;

/**
 * A tester leaves before completion. With the request row locked, the tester row (and by cascade
 * their feedback) goes, the seat and the feedback count are given back, and tester.left commits with them.
 */
export async function testerLeaver(caller: MemberCaller, input: { requestId: number }): Promise<void> {
  const { user } = caller;
  await commit(caller, async (tx, emit) => {
    const requests = makeTestRequestQueries(tx);
    const row = await requests.lockRequest(input.requestId);
    if (!row || !requestProjectReadable(user, row)) throw notFound(TEST_REQUEST_NOT_FOUND);
    const testers = makeTestRequestTesterQueries(tx);
    if (!(await testers.isTester(row.id, user.id))) throw conflict(LEAVE_MESSAGES.notJoined);
    if (!isActiveStatus(row.status)) throw conflict(LEAVE_MESSAGES.finished);
    const hadFeedback = await makeTestFeedbackQueries(tx).hasFeedback(row.id, user.id);
    await testers.deleteTester(row.id, user.id);
    await requests.releaseSeat(row.id);
    if (hadFeedback) await requests.addFeedbackCount(row.id, -1);
    emit({ name: 'tester.left', requestId: row.id, ownerId: row.userId, testerId: user.id });
  });
}
