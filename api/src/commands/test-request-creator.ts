import { makeTestRequestQueries } from '@vitrine/db/queries/test-requests';
import type { TestRequestCreateInput } from '@vitrine/domain/schemas/test-request';
import type { MemberCaller } from '../context';
import { badRequest, conflict, forbidden } from '../errors';
import { lockReadableProject } from '../loaders';
import { commit } from './commit';

/** The 409 of a second active request on a project. */
export const ACTIVE_REQUEST_EXISTS = 'This project already has an active test request. Complete or cancel it first.';
/** The 403 for someone else's project. */
export const NOT_PROJECT_OWNER = 'Only the owner of a project can open a test request for it';
/** The 400 of a deadline that has already passed. */
export const DEADLINE_PASSED = 'The deadline must be in the future';

/** Whether `err` is the unique violation of one active request per project. */
function isActiveRequestConflict(err: unknown): boolean {
  const e = err as { code?: string; constraint_name?: string };
  return e?.code === '23505' && e.constraint_name === 'project_requests_active_key';
}

/**
 * A project's owner opens a test request. With the project row locked, the request and its
 * testRequest.created event commit together; the partial unique index refuses a second active one.
 */
export async function testRequestCreator(caller: MemberCaller, input: TestRequestCreateInput): Promise<number> {
  const { user } = caller;
  if (input.deadline && input.deadline.getTime() <= Date.now()) throw badRequest(DEADLINE_PASSED);
  try {
    return await commit(caller, async (tx, emit) => {
      const project = await lockReadableProject(tx, user, input.projectId);
      if (project.userId !== user.id) throw forbidden(NOT_PROJECT_OWNER);
      const requestId = await makeTestRequestQueries(tx).insertRequest({ ...input, userId: user.id });
      emit({ name: 'testRequest.created', requestId, projectId: input.projectId, ownerId: user.id });
      return requestId;
    });
  } catch (err) {
    if (isActiveRequestConflict(err)) throw conflict(ACTIVE_REQUEST_EXISTS);
    throw err;
  }
}
