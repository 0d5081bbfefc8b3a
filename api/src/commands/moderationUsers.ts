import { makeEventQueries } from '@vitrine/db/queries/events';
import { makeModerationQueries, type AdminUserRow } from '@vitrine/db/queries/moderation';
import type { DomainEvent } from '@vitrine/domain/events';
import type { Tx } from '@vitrine/db/sql';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../errors';

/** Spec §5 admin rules, answered with clear 400s. */
export const OWN_ADMIN_STATUS = 'You cannot change your own admin status';
export const OWN_ACCOUNT_DELETE = 'You cannot delete your own account';
export const ADMINS_NOT_PAUSED = 'Admins cannot be paused';
export const USER_NOT_FOUND = 'User not found';

/**
 * Runs `change` in a transaction that also records user.updated when it answers a row, then publishes
 * it: the user's sockets move to the rooms the account now grants, on every API node.
 */
async function changeUser(ctx: AppContext, userId: number, change: (tx: Tx) => Promise<AdminUserRow | undefined>): Promise<AdminUserRow | undefined> {
  const [row, events] = await ctx.deps.sql.begin(async (tx) => {
    const changed = await change(tx);
    return [changed, changed ? await makeEventQueries(tx).recordEvents([{ name: 'user.updated', userId }]) : []] as const;
  });
  await ctx.deps.publisher.publish(events);
  return row;
}

/** Makes a user an admin or removes it (never oneself). A new admin is unpaused. */
export async function adminStatusSetter(ctx: AppContext, input: { userId: number; isAdmin: boolean }): Promise<AdminUserRow> {
  if (input.userId === ctx.state.user!.id) throw badRequest(OWN_ADMIN_STATUS);
  const row = await changeUser(ctx, input.userId, (tx) => makeModerationQueries(tx).setAdmin(input.userId, input.isAdmin));
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

/** Pauses or unpauses a user; admins cannot be paused. A paused user may read but not write. */
export async function pauseStatusSetter(ctx: AppContext, input: { userId: number; isPaused: boolean }): Promise<AdminUserRow> {
  const row = await changeUser(ctx, input.userId, (tx) => makeModerationQueries(tx).setPaused(input.userId, input.isPaused));
  if (row) return row;
  // Nothing changed: either no such user, or an admin asked to be paused (the UPDATE's own guard, so no race).
  if (!(await makeModerationQueries(ctx.deps.sql).findAdminUser(input.userId))) throw notFound(USER_NOT_FOUND);
  throw badRequest(ADMINS_NOT_PAUSED);
}

/**
 * Deletes a user (never oneself) and, by cascade, their projects; records user.deleted, project.deleted
 * for each of their projects and project.updated for projects whose votes or ratings they had given.
 */
export async function userDeleter(ctx: AppContext, input: { userId: number }): Promise<void> {
  if (input.userId === ctx.state.user!.id) throw badRequest(OWN_ACCOUNT_DELETE);
  const events = await ctx.deps.sql.begin(async (tx) => {
    const result = await makeModerationQueries(tx).deleteUser(input.userId);
    if (result === null) throw notFound(USER_NOT_FOUND);
    const list: DomainEvent[] = [
      { name: 'user.deleted', userId: input.userId },
      ...result.deletedProjectIds.map((projectId): DomainEvent => ({ name: 'project.deleted', projectId })),
      ...result.updatedProjectIds.map((projectId): DomainEvent => ({ name: 'project.updated', projectId })),
    ];
    return makeEventQueries(tx).recordEvents(list);
  });
  await ctx.deps.publisher.publish(events);
}
