import type { TransactionSql } from 'postgres';
import { makeMessageQueries, type MessageRow } from '@vitrine/db/queries/messages';
import { makeProjectQueries, type ProjectRow, type Viewer } from '@vitrine/db/queries/projects';
import { makeUserQueries } from '@vitrine/db/queries/users';
import type { Caller } from './context';
import { addressKey } from './client-address';
import { badRequest, notFound } from './errors';
import { can, type Actor, type ProjectResource } from './policies';

/**
 * The pipeline's "load" step: the rows a command or a read needs, with the 404 answers that never say
 * whether something exists that the caller may not see.
 */

/** The one answer for a project that is missing or hidden from the caller, so a hidden one never leaks. */
export const PROJECT_NOT_FOUND = 'Project not found';
/** The one answer for a message that is missing or not the caller's, so existence never leaks. */
export const MESSAGE_NOT_FOUND = 'Message not found';
/** Answer when a member writes to themselves. */
export const SELF_MESSAGE = 'You cannot send a message to yourself';
/** Answer when the chosen recipient does not exist. */
const RECIPIENT_NOT_FOUND = 'User not found';

/** The request's viewer: the signed-in user's id, else null, and the client's address key (what a visitor's vote row holds). */
export function viewerOf(caller: Pick<Caller, 'user' | 'ip'>): Viewer {
  return { userId: caller.user?.id ?? null, ip: addressKey(caller.ip) };
}

/** Throws 404 'Project not found' unless `user` may see `project` (it exists, and is visible or theirs, or they are an admin). */
export function ensureReadable(
  user: Actor | null,
  project: ProjectResource | undefined,
): asserts project is ProjectResource {
  if (!project || !can(user, 'project.read', project)) throw notFound(PROJECT_NOT_FOUND);
}

/** Loads a project with the viewer's state, else 404 'Project not found' (missing, or hidden from the caller). */
export async function loadReadableProject(
  caller: Pick<Caller, 'deps' | 'user' | 'ip'>,
  id: number,
): Promise<ProjectRow> {
  const row = await makeProjectQueries(caller.deps.sql).findProject(id, viewerOf(caller));
  ensureReadable(caller.user, row);
  return row;
}

/**
 * In a write's transaction: locks project `id`'s row (the writes on one project take turns, so its
 * counters stay exact) and answers it, else 404 'Project not found' (missing, or hidden from `user`).
 */
export async function lockReadableProject(
  tx: TransactionSql,
  user: Actor | null,
  id: number,
): Promise<ProjectResource & { id: number }> {
  const project = await makeProjectQueries(tx).lockProject(id);
  ensureReadable(user, project);
  return { ...project, id };
}

/** Loads a message the caller may see, else 404 'Message not found'. */
export async function loadVisibleMessage(caller: Pick<Caller, 'deps' | 'user'>, id: number): Promise<MessageRow> {
  const row = await makeMessageQueries(caller.deps.sql).findMessageById(id);
  if (!row || !can(caller.user, 'message.view', row)) throw notFound(MESSAGE_NOT_FOUND);
  return row;
}

/** Checks that `recipientUserId` names another existing user, else 400 (yourself) or 404 (nobody). */
export async function ensureRecipient(
  caller: Pick<Caller, 'deps'>,
  senderUserId: number,
  recipientUserId: number,
): Promise<void> {
  if (recipientUserId === senderUserId) throw badRequest(SELF_MESSAGE);
  const recipient = await makeUserQueries(caller.deps.sql).findUserById(recipientUserId);
  if (!recipient) throw notFound(RECIPIENT_NOT_FOUND);
}
