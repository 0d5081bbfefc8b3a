import type { Middleware, Next } from 'koa';
import { makeUserQueries } from '@vitrine/db/queries/users';
import type { AppContext } from '../context';
import { forbidden, PAUSED_MESSAGE, unauthorized } from '../errors';

/** Loads the signed-in user from the session's userId on every request (a deleted user signs out). */
export function loadUser(): Middleware {
  return async (ctx, next) => {
    const c = ctx as unknown as AppContext;
    c.state.user = null;
    const userId = c.session?.userId;
    if (typeof userId === 'number') {
      const user = await makeUserQueries(c.deps.sql).findUserById(userId);
      if (user) c.state.user = user;
      else c.session = null;
    }
    return next();
  };
}

/** Signed in, else 401. */
export async function requireUser(ctx: AppContext, next: Next) {
  if (!ctx.state.user) throw unauthorized();
  return next();
}

/** Signed in and not paused, for every write but logout (design.md). */
export async function requireActiveUser(ctx: AppContext, next: Next) {
  if (!ctx.state.user) throw unauthorized();
  if (ctx.state.user.isPaused) throw forbidden(PAUSED_MESSAGE);
  return next();
}

/** Paused members may not write even where visitors may (voting). */
export async function refusePaused(ctx: AppContext, next: Next) {
  if (ctx.state.user?.isPaused) throw forbidden(PAUSED_MESSAGE);
  return next();
}

/** An admin, else 401 / 403. Admins cannot be paused, but a paused flag still refuses writes. */
export async function requireAdmin(ctx: AppContext, next: Next) {
  if (!ctx.state.user) throw unauthorized();
  if (!ctx.state.user.isAdmin) throw forbidden('You do not have permission to access this page');
  return next();
}
