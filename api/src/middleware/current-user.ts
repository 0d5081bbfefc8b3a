import type { Middleware } from 'koa';
import { makeUserQueries } from '@vitrine/db/queries/users';
import type { AppContext } from '../context';

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
