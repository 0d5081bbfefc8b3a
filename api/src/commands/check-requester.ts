import { makeProjectHealthQueries } from '@vitrine/db/queries/project-health';
import { CHECK_NOW_EVERY_SECONDS } from '@vitrine/domain/liveness';
import type { MemberCaller } from '../context';
import { conflict, tooManyRequests } from '../errors';
import { commit } from './commit';

/** 409 when this site does not check hosted projects (LIVENESS_ENABLED is off). */
export const CHECKS_OFF = 'Live checks are off on this site';
/** 429 when the owner asked for a check less than CHECK_NOW_EVERY_SECONDS ago. */
export const CHECK_TOO_SOON = 'A check was asked for in the last 5 minutes. Please wait before asking again.';

/**
 * The owner (or an admin; the route authorizes) asks for a check of the project now: recorded with
 * project.checkRequested, which the worker turns into a check. Once per CHECK_NOW_EVERY_SECONDS per
 * project, counted in project_health in the same transaction.
 */
export async function checkRequester(caller: MemberCaller, input: { projectId: number }): Promise<void> {
  if (!caller.deps.config.liveness.enabled) throw conflict(CHECKS_OFF);
  await commit(caller, async (tx, emit) => {
    if (!(await makeProjectHealthQueries(tx).requestCheck(input.projectId, CHECK_NOW_EVERY_SECONDS)))
      throw tooManyRequests(CHECK_TOO_SOON, CHECK_NOW_EVERY_SECONDS);
    emit({ name: 'project.checkRequested', projectId: input.projectId });
  });
}
