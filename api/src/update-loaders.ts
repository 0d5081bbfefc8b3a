import type { TransactionSql } from 'postgres';
import { makeProjectUpdateQueries, type UpdateRow } from '@vitrine/db/queries/project-updates';
import { FOREIGN_FEEDBACK, UPDATE_FORBIDDEN, UPDATE_NOT_FOUND, UPDATES_CLOSED } from '@vitrine/domain/schemas/update';
import { badRequest, forbidden, notFound } from './errors';
import { authorize, type Actor } from './policies';
import { lockReadableProject } from './loaders';

/** A locked project as update writes read it. */
export interface UpdatableProject {
  id: number;
  userId: number | null;
  isHidden: boolean;
}

/**
 * In an update write's transaction: locks the project row (its writes take turns, so its update count
 * stays exact) and answers it: 404 unless `user` may read it, 403 unless they own it (not paused), 403
 * while it is hidden.
 */
export async function lockOwnProject(tx: TransactionSql, user: Actor, projectId: number): Promise<UpdatableProject> {
  const project = await lockReadableProject(tx, user, projectId);
  authorize(user, 'project.postUpdate', project, UPDATE_FORBIDDEN);
  if (project.isHidden) throw forbidden(UPDATES_CLOSED);
  return project;
}

/** In an update write's transaction: live update `updateId` of project `projectId`, else 404. */
export async function findLiveUpdate(tx: TransactionSql, projectId: number, updateId: number): Promise<UpdateRow> {
  const update = await makeProjectUpdateQueries(tx).findUpdate(updateId);
  if (!update || update.projectId !== projectId || update.deletedAt !== null) throw notFound(UPDATE_NOT_FOUND);
  return update;
}

/** The feedback items `ids` with their testers, each from one of project `projectId`'s test requests, else 400. */
export async function ownFeedback(tx: TransactionSql, projectId: number, ids: number[]) {
  const found = await makeProjectUpdateQueries(tx).feedbackOfProject(projectId, ids);
  if (found.length !== ids.length) throw badRequest(FOREIGN_FEEDBACK);
  return found;
}
