import type { TransactionSql } from 'postgres';
import { makeMessageQueries, type MessageRow } from '@vitrine/db/queries/messages';
import { makeProjectQueries, type ProjectRow, type Viewer } from '@vitrine/db/queries/projects';
import { makeUserQueries } from '@vitrine/db/queries/users';
import { findProjectResource } from '@vitrine/db/queries/project-access';
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

/**
 * Throws 404 `message` ('Project not found' unless a read names what it was for) unless `user` may
 * see `project` (it exists, and is visible or theirs, or they are an admin).
 */
export function ensureReadable(
  user: Actor | null,
  project: ProjectResource | undefined,
  message = PROJECT_NOT_FOUND,
): asserts project is ProjectResource {
  if (!project || !can(user, 'project.read', project)) throw notFound(message);
}

/** What an access decision reads of a project: its id, owner and hidden flag. */
export type ProjectAccess = ProjectResource & { id: number };

/*
 * A project is loaded by one of three loaders, each answering 404 (missing, or hidden from the caller;
 * `message` names what the call was for where that is not the project, such as a comment):
 * - loadProjectAccess: id, owner and hidden flag, for a call that only decides access;
 * - loadReadableProject: the whole row, to present the project;
 * - lockReadableProject: in a write's transaction, the row locked.
 */

/** The project `id` the caller may read (id, owner, hidden flag), else 404. */
export async function loadProjectAccess(
  caller: Pick<Caller, 'deps' | 'user'>,
  id: number,
  message = PROJECT_NOT_FOUND,
): Promise<ProjectAccess> {
  const project = await findProjectResource(caller.deps.sql, id);
  ensureReadable(caller.user, project, message);
  return project;
}

/**
 * The project `id` the caller may read, whole, to present it, else 404. A member's answer carries
 * their own state (voted, rating); a visitor's is the one every visitor shares (no viewer state).
 */
export async function loadReadableProject(
  caller: Pick<Caller, 'deps' | 'user' | 'ip'>,
  id: number,
): Promise<ProjectRow> {
  const row = await makeProjectQueries(caller.deps.sql).findProject(id, caller.user ? viewerOf(caller) : null);
  ensureReadable(caller.user, row);
  return row;
}

/**
 * In a write's transaction: locks project `id`'s row (the writes on one project take turns, so its
 * counters stay exact) and answers it, else 404 (missing, or hidden from `user`).
 */
export async function lockReadableProject(
  tx: TransactionSql,
  user: Actor | null,
  id: number,
  message = PROJECT_NOT_FOUND,
): Promise<ProjectAccess> {
  const project = await makeProjectQueries(tx).lockProject(id);
  ensureReadable(user, project, message);
  return project;
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
