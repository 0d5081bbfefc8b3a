import { mutate } from 'swr';
import type {
  FeedbackInput,
  TestRequestCreateInput,
  TestRequestUpdateInput,
  UserRatingInput,
} from '@vitrine/domain/schemas/test-request';
import type { TestRequestDetail } from '@vitrine/domain/answers';
import { callApi, endpoints } from '../../../lib/api';
import { keysOf } from '../../../lib/live-keys';
import { requestKey } from './keys';

/** Every test-request read but one answer's own key. */
const othersThan = (key: string) => (other: unknown) => other !== key && keysOf('testRequests')(other);

/** Stores the fresh detail answer and revalidates every other test-request read. */
async function settle(detail: TestRequestDetail): Promise<TestRequestDetail> {
  await mutate(requestKey(detail.id), detail, { revalidate: false });
  void mutate(othersThan(requestKey(detail.id)));
  return detail;
}

/** The JSON body of a request: dates as ISO text, as the API reads them. */
function body<T extends { deadline?: Date | null }>(input: T) {
  return { ...input, deadline: input.deadline ? input.deadline.toISOString() : input.deadline };
}

/** POST /api/test-requests */
export async function openRequest(input: TestRequestCreateInput) {
  return settle(await callApi(endpoints.testRequests.open, { body: body(input) }));
}

/** PATCH /api/test-requests/{id}: fields and/or status. */
export async function updateRequest(id: number, patch: TestRequestUpdateInput) {
  return settle(await callApi(endpoints.testRequests.update, { params: { id }, body: body(patch) }));
}

/** POST / DELETE /api/test-requests/{id}/testers */
export async function setJoined(id: number, join: boolean) {
  return settle(await callApi(join ? endpoints.testRequests.join : endpoints.testRequests.leave, { params: { id } }));
}

/** PUT /api/test-requests/{id}/feedback */
export async function saveFeedback(id: number, input: FeedbackInput) {
  return settle(await callApi(endpoints.testRequests.saveFeedback, { params: { id }, body: input }));
}

/** POST /api/feedback/{id}/helpful, then the request refetches. */
export async function markHelpful(requestId: number, feedbackId: number) {
  await callApi(endpoints.testRequests.markHelpful, { params: { id: feedbackId } });
  await mutate(requestKey(requestId));
}

/** POST /api/test-requests/{id}/ratings, then the request (and any profile) refetches. */
export async function rateParticipant(requestId: number, input: UserRatingInput) {
  const result = await callApi(endpoints.testRequests.rate, { params: { id: requestId }, body: input });
  await mutate(requestKey(requestId));
  void mutate(keysOf('profiles'));
  return result;
}
