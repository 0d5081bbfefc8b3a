import { makeTestRequestQueries } from '@vitrine/db/queries/test-requests';
import { makeTestRequestTesterQueries } from '@vitrine/db/queries/test-request-testers';
import type { TestRequestUpdateInput } from '@vitrine/domain/schemas/test-request';
import { isActiveStatus, REQUEST_STATUS_LABELS, transitionRefusal } from '@vitrine/domain/test-requests';
import type { MemberCaller } from '../context';
import { commit } from './commit';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { authorize } from '../policies';
import { DEADLINE_PASSED } from './test-request-creator';
import { TEST_REQUEST_NOT_FOUND } from '../test-request-loaders';

/** The 403 for someone who is not the request's owner (nor an admin). */
export const NOT_REQUEST_OWNER = 'Only the owner of this test request can change it';

/** The 403 for an admin changing anything but the status to cancelled on a member's request. */
export const ADMIN_MAY_ONLY_CANCEL = "Admins can only cancel or hide a member's test request, not edit it";

/**
 * The owner edits a request and/or moves its status; an admin may only cancel someone else's
 * (docs/api.md "Test requests"; hiding is PATCH /api/admin/test-requests/{id}/visibility). With the
 * request row locked, the transition rule decides (409 with its message otherwise); the change and
 * its testRequest.updated event, which names the testers to tell, commit together.
 */
export async function testRequestUpdater(
  caller: MemberCaller,
  input: { requestId: number; patch: TestRequestUpdateInput },
): Promise<void> {
  const { user } = caller;
  const { patch } = input;
  await commit(caller, async (tx, emit) => {
    const requests = makeTestRequestQueries(tx);
    const locked = await requests.lockRequest(input.requestId);
    const row = locked ? await requests.findRequest(locked.id, user.id) : undefined;
    if (!row) throw notFound(TEST_REQUEST_NOT_FOUND);
    authorize(user, 'testRequest.manage', row, NOT_REQUEST_OWNER);
    const cancelsOnly = patch.status === 'cancelled' && Object.keys(patch).length === 1;
    if (row.userId !== user.id && !cancelsOnly) throw forbidden(ADMIN_MAY_ONLY_CANCEL);
    const statusMoves = patch.status !== undefined && patch.status !== row.status;
    if (patch.status !== undefined) {
      const refusal = transitionRefusal(row.status, patch.status);
      if (refusal) throw conflict(refusal);
    }
    const editsFields = Object.keys(patch).some((k) => k !== 'status');
    if (editsFields && !isActiveStatus(row.status)) {
      throw conflict(
        `This test request is ${REQUEST_STATUS_LABELS[row.status].toLowerCase()} and can no longer be edited`,
      );
    }
    if (patch.maxTesters !== undefined && patch.maxTesters < row.testerCount) {
      throw conflict(`Max testers cannot be below the ${row.testerCount} testers who already joined`);
    }
    if (patch.deadline && patch.deadline.getTime() <= Date.now()) throw badRequest(DEADLINE_PASSED);
    await requests.updateRequest(row.id, patch);
    const testerIds = await makeTestRequestTesterQueries(tx).testerIds(row.id);
    emit({
      name: 'testRequest.updated',
      requestId: row.id,
      ownerId: row.userId,
      status: statusMoves ? patch.status! : null,
      testerIds,
    });
  });
}
