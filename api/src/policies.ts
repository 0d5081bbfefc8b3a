import type { MessageRow } from '@vitrine/db/queries/messages';
import { projectRead, type ReadableProject } from '@vitrine/db/queries/project-access';
import type { UserRow } from '@vitrine/db/queries/users';
import { COMMENT_EDIT_WINDOW_MS } from '@vitrine/domain/schemas/comment';
import { forbidden } from './errors';

/** Who acts: the signed-in user (the rules read only these fields). */
export type Actor = Pick<UserRow, 'id' | 'isAdmin' | 'isPaused'>;

/** What each action is checked against. Add an action here and its rule below. */
export interface PolicyResources {
  /** See a message in one's box: its sender or recipient (unless they deleted it), or an admin. */
  'message.view': MessageRow;
  /** Mark as read: its recipient, or an admin for a message addressed to the admins. */
  'message.markRead': MessageRow;
  /** Delete: whoever may see it (a member hides it from their own box; an admin deletes it). */
  'message.delete': MessageRow;
  /** The admin dashboard and every /api/admin call. */
  'admin.manage': null;
  /** See a project (its page, vote, view beacon, rating, report): the rule and its SQL twin are db/src/queries/project-access.ts projectRead. */
  'project.read': ProjectResource;
  /** Vote for, rate or report a project: anyone but its owner (no self-dealing); votes mirror it in SQL (db/src/queries/votes.ts castVotes). */
  'project.vote': ProjectResource;
  'project.rate': ProjectResource;
  'project.report': ProjectResource;
  /** Edit a project: its owner or an admin (not paused). */
  'project.edit': ProjectResource;
  /** Post, edit or delete a project's updates (devlog): its owner alone (not paused). */
  'project.postUpdate': ProjectResource;
  /** Read a project's Stats tab (its reach, referrers and votes by reason): its owner or an admin, paused or not. */
  'project.seeStats': ProjectResource;
  /** See a profile's hidden projects: the profile's own user or an admin. */
  'profile.seeHidden': { id: number };
  /** See a test request: visible to all unless it or its project is hidden; then its owner, its testers or an admin. */
  'testRequest.read': TestRequestResource;
  /** Edit a request or move its status: its owner (not paused); an admin too (the Test Requests tab cancels). */
  'testRequest.manage': TestRequestResource;
  /** Read every tester's feedback: the owner, the testers and admins (others see counts only). */
  'testRequest.seeFeedback': TestRequestResource;
  /** Edit a comment: its author (not paused), while the edit window is open and it is not deleted. */
  'comment.edit': CommentResource;
  /** Delete a comment: its author or an admin. */
  'comment.delete': CommentResource;
  /** Report a comment: anyone but its author. */
  'comment.report': CommentResource;
  /** Read a hidden comment's text: its author or an admin. */
  'comment.seeHidden': CommentResource;
}
export type PolicyAction = keyof PolicyResources;

/** What project rules read of a project. */
export type ProjectResource = ReadableProject;

/** What test-request rules read of a request. */
export interface TestRequestResource {
  userId: number;
  isHidden: boolean;
  /** Its project is hidden: the request is then hidden as the project is (owner and admins only). */
  projectHidden: boolean;
  projectOwnerId: number | null;
  /** The viewer joined it as a tester. */
  joined: boolean;
}

/** What comment rules read of a comment. */
export interface CommentResource {
  authorId: number | null;
  createdAt: Date;
  deletedAt: Date | null;
}

const isAuthor = (user: Actor, c: CommentResource) => c.authorId !== null && c.authorId === user.id;

/** Whether a comment made at `createdAt` may still be edited (COMMENT_EDIT_WINDOW_MS). */
export const inEditWindow = (createdAt: Date, now = Date.now()) => now - createdAt.getTime() < COMMENT_EDIT_WINDOW_MS;

/** The project of a test request, as 'project.read' reads it. */
const projectOf = (r: TestRequestResource): ProjectResource => ({
  isHidden: r.projectHidden,
  userId: r.projectOwnerId,
});

const isOwner = (user: Actor, p: ProjectResource) => p.userId !== null && p.userId === user.id;

const isSender = (user: Actor, m: MessageRow) => m.senderUserId === user.id && !m.senderDeleted;
const isRecipient = (user: Actor, m: MessageRow) => m.recipientUserId === user.id && !m.recipientDeleted;

const rules: { [A in PolicyAction]: (user: Actor, resource: PolicyResources[A]) => boolean } = {
  'message.view': (user, m) => user.isAdmin || isSender(user, m) || isRecipient(user, m),
  'message.markRead': (user, m) => isRecipient(user, m) || (user.isAdmin && m.recipientUserId === null),
  'message.delete': (user, m) => user.isAdmin || isSender(user, m) || isRecipient(user, m),
  'admin.manage': (user) => user.isAdmin,
  'project.read': (user, p) => projectRead.allows(user, p),
  'project.vote': (user, p) => !isOwner(user, p),
  'project.rate': (user, p) => !isOwner(user, p),
  'project.report': (user, p) => !isOwner(user, p),
  'project.edit': (user, p) => !user.isPaused && (user.isAdmin || isOwner(user, p)),
  'project.postUpdate': (user, p) => !user.isPaused && isOwner(user, p),
  'project.seeStats': (user, p) => user.isAdmin || isOwner(user, p),
  'profile.seeHidden': (user, profile) => user.isAdmin || user.id === profile.id,
  'testRequest.read': (user, r) =>
    projectRead.allows(user, projectOf(r)) && (!r.isHidden || user.isAdmin || r.userId === user.id || r.joined),
  'testRequest.manage': (user, r) => !user.isPaused && (user.isAdmin || r.userId === user.id),
  'testRequest.seeFeedback': (user, r) => user.isAdmin || r.userId === user.id || r.joined,
  'comment.edit': (user, c) => !user.isPaused && isAuthor(user, c) && c.deletedAt === null && inEditWindow(c.createdAt),
  'comment.delete': (user, c) => user.isAdmin || isAuthor(user, c),
  'comment.report': (user, c) => !isAuthor(user, c),
  'comment.seeHidden': (user, c) => user.isAdmin || isAuthor(user, c),
};

/** The few actions a visitor (nobody signed in) may do; every other action refuses visitors. */
const visitorRules: { [A in PolicyAction]?: (resource: PolicyResources[A]) => boolean } = {
  'project.read': (p) => projectRead.allows(null, p),
  'project.vote': () => true,
  'testRequest.read': (r) => projectRead.allows(null, projectOf(r)) && !r.isHidden,
};

/** Whether `user` may do `action` to `resource`; a visitor only what visitorRules allows. */
export function can<A extends PolicyAction>(user: Actor | null, action: A, resource: PolicyResources[A]): boolean {
  if (user === null)
    return (visitorRules[action] as ((resource: PolicyResources[A]) => boolean) | undefined)?.(resource) ?? false;
  return rules[action](user, resource);
}

/** Throws 403 (with `message`) unless `user` may do `action` to `resource`. */
export function authorize<A extends PolicyAction>(
  user: Actor | null,
  action: A,
  resource: PolicyResources[A],
  message?: string,
): void {
  if (!can(user, action, resource)) throw forbidden(message);
}
