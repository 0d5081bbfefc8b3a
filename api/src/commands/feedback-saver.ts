import { makeTestFeedbackQueries } from '@vitrine/db/queries/test-feedback';
import { makeTestRequestQueries } from '@vitrine/db/queries/test-requests';
import { makeTestRequestTesterQueries } from '@vitrine/db/queries/test-request-testers';
import type { FeedbackInput } from '@vitrine/domain/schemas/test-request';
import { isActiveStatus } from '@vitrine/domain/test-requests';
import type { MemberCaller } from '../context';
import { commit } from './commit';
import { conflict, forbidden, notFound } from '../errors';
import { requestProjectReadable, TEST_REQUEST_NOT_FOUND } from '../test-request-loaders';

/** Refusals of a feedback write. */
export const FEEDBACK_MESSAGES = {
  notTester: 'Only testers who joined this test request can give feedback',
  closed: 'Feedback can no longer be changed: this test request is completed or cancelled',
} as const;

/**
 * A joined tester writes or edits their feedback until completion. With the request row locked, the
 * feedback, the request's feedbackCount (on a first write) and feedback.posted commit together.
 */
export async function feedbackSaver(
  caller: MemberCaller,
  input: { requestId: number; feedback: FeedbackInput },
): Promise<{ id: number; created: boolean }> {
  const { user } = caller;
  return commit(caller, async (tx, emit) => {
    const requests = makeTestRequestQueries(tx);
    const row = await requests.lockRequest(input.requestId);
    if (!row || !requestProjectReadable(user, row)) throw notFound(TEST_REQUEST_NOT_FOUND);
    if (!(await makeTestRequestTesterQueries(tx).isTester(row.id, user.id)))
      throw forbidden(FEEDBACK_MESSAGES.notTester);
    if (!isActiveStatus(row.status)) throw conflict(FEEDBACK_MESSAGES.closed);
    const saved = await makeTestFeedbackQueries(tx).upsertFeedback(row.id, user.id, input.feedback);
    if (saved.created) await requests.addFeedbackCount(row.id, 1);
    emit({
      name: 'feedback.posted',
      requestId: row.id,
      ownerId: row.userId,
      testerId: user.id,
      feedbackId: saved.id,
      created: saved.created,
    });
    return saved;
  });
}
