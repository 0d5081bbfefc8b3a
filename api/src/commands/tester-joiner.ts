import { makeTestRequestQueries } from '@vitrine/db/queries/test-requests';
import { makeTestRequestTesterQueries } from '@vitrine/db/queries/test-request-testers';
import { canTest, joiningOpen } from '@vitrine/domain/test-requests';
import type { MemberCaller } from '../context';
import { commit } from './commit';
import { conflict, forbidden, notFound } from '../errors';
import { can } from '../policies';
import { TEST_REQUEST_NOT_FOUND } from '../test-request-loaders';

/** Refusals of a join, word for word in the API tests. */
export const JOIN_MESSAGES = {
  notTester: 'Only members whose role is tester or both can join test requests. You can change your role in settings.',
  ownRequest: 'You cannot join your own test request',
  alreadyJoined: 'You have already joined this test request',
  notOpen: 'This test request is not open for new testers',
  deadlinePassed: 'The deadline of this test request has passed',
  full: 'This test request already has all the testers it needs',
} as const;

/**
 * A tester joins a request. The tester row goes in first (a repeat is refused by the primary key);
 * then one conditional UPDATE takes a seat only while the request is open, before its deadline and
 * below maxTesters. That UPDATE's row lock serialises parallel joins, so the count never passes
 * maxTesters; a refused seat rolls the tester row back. The tester.joined event commits with them.
 */
export async function testerJoiner(caller: MemberCaller, input: { requestId: number }): Promise<void> {
  const { user } = caller;
  if (!canTest(user.role)) throw forbidden(JOIN_MESSAGES.notTester);
  await commit(caller, async (tx, emit) => {
    const requests = makeTestRequestQueries(tx);
    const row = await requests.findRequest(input.requestId, user.id);
    if (!row || !can(user, 'testRequest.read', row)) throw notFound(TEST_REQUEST_NOT_FOUND);
    if (row.userId === user.id) throw forbidden(JOIN_MESSAGES.ownRequest);
    if (!(await makeTestRequestTesterQueries(tx).insertTester(row.id, user.id)))
      throw conflict(JOIN_MESSAGES.alreadyJoined);
    if (!(await requests.takeSeat(row.id))) {
      // Read again under the lock the failed UPDATE waited for, to say why.
      const now = (await requests.findRequest(row.id, user.id))!;
      if (now.status !== 'open') throw conflict(JOIN_MESSAGES.notOpen);
      if (!joiningOpen(now)) throw conflict(JOIN_MESSAGES.deadlinePassed);
      throw conflict(JOIN_MESSAGES.full);
    }
    emit({ name: 'tester.joined', requestId: row.id, ownerId: row.userId, testerId: user.id });
  });
}
