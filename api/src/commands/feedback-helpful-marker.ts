import { makeTestFeedbackQueries } from '@vitrine/db/queries/test-feedback';
import { makeTestRequestQueries } from '@vitrine/db/queries/test-requests';
import { makeUserQueries } from '@vitrine/db/queries/users';
import { HELPFUL_FEEDBACK_POINTS } from '@vitrine/domain/test-requests';
import type { MemberCaller } from '../context';
import { commit } from './commit';
import { conflict, forbidden, notFound } from '../errors';

/** Answers of the helpful mark. */
export const HELPFUL_MESSAGES = {
  notFound: 'Feedback not found',
  notOwner: 'Only the owner of the test request can mark feedback helpful',
  already: 'You have already marked this feedback helpful',
} as const;

/**
 * The request's owner marks a tester's feedback helpful, once: helpfulCount goes up, the tester earns
 * activity points, and feedback.markedHelpful commits with them.
 */
export async function feedbackHelpfulMarker(
  caller: MemberCaller,
  input: { feedbackId: number },
): Promise<{ helpfulCount: number }> {
  const { user } = caller;
  return commit(caller, async (tx, emit) => {
    const feedback = makeTestFeedbackQueries(tx);
    const row = await feedback.lockFeedback(input.feedbackId);
    if (!row) throw notFound(HELPFUL_MESSAGES.notFound);
    const request = await makeTestRequestQueries(tx).findRequest(row.requestId, user.id);
    if (!request) throw notFound(HELPFUL_MESSAGES.notFound);
    if (request.userId !== user.id) throw forbidden(HELPFUL_MESSAGES.notOwner);
    const helpfulCount = await feedback.markHelpful(row.id);
    if (helpfulCount === null) throw conflict(HELPFUL_MESSAGES.already);
    await makeUserQueries(tx).addActivityPoints(row.testerId, HELPFUL_FEEDBACK_POINTS);
    emit({ name: 'feedback.markedHelpful', requestId: row.requestId, feedbackId: row.id, testerId: row.testerId });
    return { helpfulCount };
  });
}
