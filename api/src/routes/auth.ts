import { loginSchema, registerSchema } from '@vitrine/domain/schemas/auth';
import { REMEMBER_ME_MS } from '@vitrine/domain/constants';
import type { AppContext } from '../context';
import { answers, named } from '../contracts/answers';
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
    {
      method: 'get',
      path: '/api/auth/me',
      tag: 'auth',
      summary: 'The signed-in user',
      access: 'member',
      loginMessage: 'Not logged in',
      response: answers.CurrentUser,
    },
    (call) => presentCurrentUser(call.user),
  ),
  route(
    {
      method: 'post',
      path: '/api/auth/register',
      tag: 'auth',
      summary: 'Create an account and sign in (an email starts unconfirmed and gets a confirmation link)',
      access: 'anyone',
      limit: 'register',
      body: named('RegisterInput', registerSchema),
      status: 201,
      response: answers.CurrentUser,
      errors: {
        400: 'Invalid input, or a common or breached password',
        409: 'Username already exists',
        429: 'Too many sign-ups from this address, or confirmation mails to the email',
      },
    },
    async (call) => {
      const user = await userRegistrar(call, call.body);
      await signIn(call.koa, user, call.body.rememberMe);
      return presentCurrentUser(user);
    },
  ),
  route(
    {
      method: 'post',
      path: '/api/auth/login',
      tag: 'auth',
      summary: 'Sign in (rememberMe keeps the session 30 days)',
      access: 'anyone',
      body: named('LoginInput', loginSchema),
      response: answers.CurrentUser,
      errors: {
        401: BAD_CREDENTIALS,
        429: 'Too many failed sign-ins from this address, or for this username from this address',
      },
    },
    async (call) => {
      const user = await credentialChecker(call, call.body);
      await signIn(call.koa, user, call.body.rememberMe);
      return presentCurrentUser(user);
    },
  ),
  route(
    {
      method: 'post',
      path: '/api/auth/logout',
      tag: 'auth',
      summary: 'Sign out (allowed while paused)',
      access: 'anyone',
      status: 204,
      response: null,
    },
    (call) => {
      const sessionId = call.koa.cookies.get(SESSION_COOKIE, { signed: true });
      call.koa.session = null;
      // The sockets opened with this session leave the user's private rooms on every node.
      if (sessionId && call.user) call.deps.publisher.signedOut(sessionId, call.user.id);
    },
  ),
];
