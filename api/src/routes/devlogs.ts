import { devlogContracts } from '@vitrine/domain/contracts/devlogs';
import { makeProjectUpdateQueries } from '@vitrine/db/queries/project-updates';
import { ADDRESSABLE_FEEDBACK_LIMIT, UPDATE_FORBIDDEN, UPDATE_NOT_FOUND } from '@vitrine/domain/schemas/update';
import type { Caller } from '../context';
import { route, type Route } from '../contracts/route';
import { notFound } from '../errors';
import { loadProjectAccess } from '../loaders';
import { authorize, can } from '../policies';
import { mapPage, pageById } from '@vitrine/domain/schemas/paging';
import { presentAddressable, presentProjectUpdate } from '../presenters/project-update';
import { projectUpdatePoster } from '../commands/project-update-poster';
import { projectUpdateEditor } from '../commands/project-update-editor';
import { projectUpdateDeleter } from '../commands/project-update-deleter';

/** The 401 text for a visitor who tries to post an update. */
export const UPDATE_LOGIN_REQUIRED = 'You need to be logged in to post updates';

/** Project `id` as the caller may read it (404 otherwise), with whether they may write its updates. */
async function readableProject(caller: Caller, id: number) {
  const project = await loadProjectAccess(caller, id);
  const canWrite = caller.user !== null && can(caller.user, 'project.postUpdate', project) && !project.isHidden;
  return { project, canWrite };
}

/** Update `updateId` of project `projectId` as the caller now sees it (after a write). */
async function updateAnswer(caller: Caller, projectId: number, updateId: number) {
  const { canWrite } = await readableProject(caller, projectId);
  const updates = makeProjectUpdateQueries(caller.deps.sql);
  const row = await updates.findUpdate(updateId);
  if (!row || row.projectId !== projectId || row.deletedAt !== null) throw notFound(UPDATE_NOT_FOUND);
  return presentProjectUpdate(row, await updates.listAddresses([row.id]), canWrite);
}

/**
 * A project's updates (devlog): read per viewer (each carries whether the viewer may edit it), written
 * by the project's owner alone (docs/api.md "Updates").
 */
export const devlogRoutes: Route[] = [
  route(devlogContracts.list, { access: 'anyone' }, async (call) => {
    const { project, canWrite } = await readableProject(call, call.params.id);
    const { after, limit } = call.query;
    const updates = makeProjectUpdateQueries(call.deps.sql);
    const page = pageById(await updates.listUpdates(project.id, { after, limit: limit + 1 }), limit);
    const addresses = await updates.listAddresses(page.rows.map((row) => row.id));
    return mapPage(page, (row) => presentProjectUpdate(row, addresses, canWrite));
  }),
  route(devlogContracts.addressable, { access: 'member', errors: { 403: UPDATE_FORBIDDEN } }, async (call) => {
    const { project } = await readableProject(call, call.params.id);
    authorize(call.user, 'project.postUpdate', project, UPDATE_FORBIDDEN);
    const rows = await makeProjectUpdateQueries(call.deps.sql).listAddressable(project.id, ADDRESSABLE_FEEDBACK_LIMIT);
    return rows.map(presentAddressable);
  }),
  route(
    devlogContracts.create,
    { access: 'active', loginMessage: UPDATE_LOGIN_REQUIRED, limit: 'updatePost', errors: { 403: UPDATE_FORBIDDEN } },
    async (call) => {
      const id = await projectUpdatePoster(call, { projectId: call.params.id, ...call.body });
      return updateAnswer(call, call.params.id, id);
    },
  ),
  route(
    devlogContracts.edit,
    { access: 'active', limit: 'updateWrite', errors: { 403: UPDATE_FORBIDDEN } },
    async (call) => {
      await projectUpdateEditor(call, { projectId: call.params.id, updateId: call.params.updateId, ...call.body });
      return updateAnswer(call, call.params.id, call.params.updateId);
    },
  ),
  route(
    devlogContracts.remove,
    { access: 'active', limit: 'updateWrite', errors: { 403: UPDATE_FORBIDDEN } },
    async (call) => {
      await projectUpdateDeleter(call, { projectId: call.params.id, updateId: call.params.updateId });
    },
  ),
];
