import { authContracts } from '@vitrine/domain/contracts/auth';
import { REMEMBER_ME_MS } from '@vitrine/domain/constants';
import type { AppContext } from '../context';
import { route, type Route } from '../contracts/route';
import { presentCurrentUser } from '../presenters/user';
import { userRegistrar } from '../commands/user-registrar';
import { BAD_CREDENTIALS, credentialChecker } from '../commands/credential-checker';
import { SESSION_COOKIE } from '../middleware/session';
import { passwordStampOf } from '../middleware/current-user';
import type { UserRow } from '@vitrine/db/queries/users';

export { BAD_CREDENTIALS };

/**
 * Starts a fresh session for `user` (a new id, so a planted cookie is worthless), stamped with the
 * password generation of the row whose hash was checked (see isSessionCurrent).
 */
async function signIn(
  koa: AppContext,
  user: Pick<UserRow, 'id' | 'sessionsValidAfter'>,
  rememberMe: boolean | undefined,
) {
  const session = koa.session!;
  session.userId = user.id;
  session.signedInAt = Date.now();
  session.passwordStamp = passwordStampOf(user);
  session.maxAge = rememberMe ? REMEMBER_ME_MS : 'session';
  await session.regenerate();
}

/** /api/auth: me, register, login, logout. */
export const authRoutes: Route[] = [
  route(
    authContracts.me,
    {
      access: 'member',
      loginMessage: 'Not logged in',
    },
    (call) => presentCurrentUser(call.user),
  ),
  route(
    authContracts.register,
    {
      access: 'anyone',
      limit: 'register',
    },
    async (call) => {
      const user = await userRegistrar(call, call.body);
      await signIn(call.koa, user, call.body.rememberMe);
      return presentCurrentUser(user);
    },
  ),
  route(
    authContracts.login,
    {
      access: 'anyone',
      errors: { 401: BAD_CREDENTIALS },
    },
    async (call) => {
      const user = await credentialChecker(call, call.body);
      await signIn(call.koa, user, call.body.rememberMe);
      return presentCurrentUser(user);
    },
  ),
  route(authContracts.logout, { access: 'anyone' }, (call) => {
    const sessionId = call.koa.cookies.get(SESSION_COOKIE, { signed: true });
    call.koa.session = null;
    // The sockets opened with this session leave the user's private rooms on every node.
    if (sessionId && call.user) call.deps.publisher.signedOut(sessionId, call.user.id);
  }),
];
