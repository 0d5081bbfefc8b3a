import type { Middleware } from 'koa';
import { makeUserQueries, type UserRow } from '@vitrine/db/queries/users';
import type { AppContext, SessionData } from '../context';
import { authenticateToken, bearerOf } from '../access-tokens';

/** The password generation of a user row: its sessionsValidAfter in ms, 0 before any password change. */
export function passwordStampOf(user: Pick<UserRow, 'sessionsValidAfter'>): number {
  return user.sessionsValidAfter?.getTime() ?? 0;
}

/**
 * Whether a session still stands for its user: a password change ends every session signed in with
 * the password before it. A session records the password generation whose hash it was
 * checked against (`passwordStamp`), so a sign-in that read the old hash while the change ran is
 * refused even though it finished after the change. A session from before stamps were recorded falls
 * back to its sign-in time (one from before sign-in times were recorded counts as signed in at 0).
 */
export function isSessionCurrent(
  session: Pick<SessionData, 'signedInAt' | 'passwordStamp'>,
  user: Pick<UserRow, 'sessionsValidAfter'>,
): boolean {
  if (typeof session.passwordStamp === 'number') return session.passwordStamp >= passwordStampOf(user);
  if (!user.sessionsValidAfter) return true;
  return (session.signedInAt ?? 0) >= user.sessionsValidAfter.getTime();
}

/**
 * Loads the signed-in user from the session's userId on every request; a deleted user, or a session
 * a password change ended, signs out. An /api call with `Authorization: Bearer` is made as the token's
 * member instead (401 for a token that is not valid), and never reads the session: the route's guard
 * then checks the token's scopes (contracts/pipeline.ts).
 */
export function loadUser(): Middleware {
  return async (ctx, next) => {
    const c = ctx as unknown as AppContext;
    c.state.user = null;
    c.state.token = null;
    const bearer = bearerOf(c.path, c.get('Authorization'));
    if (bearer !== undefined) {
      const { user, token } = await authenticateToken(c.deps.sql, bearer);
      c.state.user = user;
      c.state.token = token;
      return next();
    }
    const userId = c.session?.userId;
    if (typeof userId === 'number') {
      const user = await makeUserQueries(c.deps.sql).findUserById(userId);
      if (user && isSessionCurrent(c.session!, user)) c.state.user = user;
      else c.session = null;
    }
    return next();
  };
}
