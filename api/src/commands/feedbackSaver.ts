import { makeEventQueries } from '@vitrine/db/queries/events';
import { makeTestFeedbackQueries } from '@vitrine/db/queries/testFeedback';
import { makeTestRequestQueries } from '@vitrine/db/queries/testRequests';
import { makeTestRequestTesterQueries } from '@vitrine/db/queries/testRequestTesters';
import type { FeedbackInput } from '@vitrine/domain/schemas/testRequest';
import { isActiveStatus } from '@vitrine/domain/testRequests';
import type { AppContext } from '../context';
import { conflict, forbidden, notFound } from '../errors';
import { TEST_REQUEST_NOT_FOUND } from './testRequestReader';

/** Refusals of a feedback write. */
export const FEEDBACK_MESSAGES = {
  notTester: 'Only testers who joined this test request can give feedback',
  closed: 'Feedback can no longer be changed: this test request is completed or cancelled',
} as const;

/**
 * A joined tester writes or edits their feedback until completion. With the request row locked, the
 * feedback, the request's feedbackCount (on a first write) and feedback.posted commit together.
 */
export async function feedbackSaver(ctx: AppContext, input: { requestId: number; feedback: FeedbackInput }): Promise<{ id: number; created: boolean }> {
  const user = ctx.state.user!;
  const { result, events } = await ctx.deps.sql.begin(async (tx) => {
    const requests = makeTestRequestQueries(tx);
    const row = await requests.lockRequest(input.requestId);
    if (!row) throw notFound(TEST_REQUEST_NOT_FOUND);
    if (!(await makeTestRequestTesterQueries(tx).isTester(row.id, user.id))) throw forbidden(FEEDBACK_MESSAGES.notTester);
    if (!isActiveStatus(row.status)) throw conflict(FEEDBACK_MESSAGES.closed);
    const saved = await makeTestFeedbackQueries(tx).upsertFeedback(row.id, user.id, input.feedback);
    if (saved.created) await requests.addFeedbackCount(row.id, 1);
    const stored = await makeEventQueries(tx).recordEvents([
      { name: 'feedback.posted', requestId: row.id, ownerId: row.userId, testerId: user.id, feedbackId: saved.id, created: saved.created },
    ]);
    return { result: saved, events: stored };
  });
  await ctx.deps.publisher.publish(events);
  return result;
}
