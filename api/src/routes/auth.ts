import Router from '@koa/router';
import { loginSchema, registerSchema } from '@vitrine/domain/schemas/auth';
import { REMEMBER_ME_MS } from '@vitrine/domain/constants';
import { makeUserQueries } from '@vitrine/db/queries/users';
import { hashPassword, verifyPassword } from '@vitrine/db/passwords';
import type { AppContext, AppState, AppContextExtras } from '../context';
import { conflict, HttpError, unauthorized } from '../errors';
import { presentCurrentUser } from '../presenters/user';
import { consume, ensureNotLimited, resetLimit } from '../middleware/rate-limit';
import { parse } from '../validate';
import { SESSION_COOKIE } from '../middleware/session';

/** One message for a wrong username or a wrong password, so neither is revealed. */
export const BAD_CREDENTIALS = 'Invalid username or password';

/** Starts a fresh session for `userId` (a new id, so a planted cookie is worthless). */
async function signIn(ctx: AppContext, userId: number, rememberMe: boolean | undefined) {
  ctx.session!.userId = userId;
  ctx.session!.maxAge = rememberMe ? REMEMBER_ME_MS : 'session';
  await ctx.session!.regenerate();
}

/** /api/auth: me, register, login, logout. */
export function authRoutes() {
  const router = new Router<AppState, AppContextExtras>({ prefix: '/api/auth' });

  router.get('/me', (ctx) => {
    if (!ctx.state.user) throw unauthorized('Not logged in');
    ctx.body = presentCurrentUser(ctx.state.user);
  });

  router.post('/register', async (ctx) => {
    const input = parse(registerSchema, ctx.request.body);
    await consume(ctx, 'register', `ip:${ctx.ip}`);
    const users = makeUserQueries(ctx.deps.sql);
    if (await users.findUserByUsername(input.username)) throw conflict('Username already exists');
    const user = await users
      .insertUser({
        username: input.username,
        passwordHash: await hashPassword(input.password),
        email: input.email,
        role: input.role,
        bio: input.bio,
      })
      .catch((err: { code?: string }) => {
        // Two sign-ups racing for one name: the unique index decides.
        throw err.code === '23505' ? conflict('Username already exists') : err;
      });
    await signIn(ctx, user.id, input.rememberMe);
    ctx.status = 201;
    ctx.body = presentCurrentUser(user);
  });

  router.post('/login', async (ctx) => {
    const input = parse(loginSchema, ctx.request.body);
    const ipKey = `ip:${ctx.ip}`;
    const userKey = `u:${input.username.toLowerCase()}`;
    // Throttle before hashing, so a flood costs us nothing.
    await ensureNotLimited(ctx, 'loginIp', ipKey);
    await ensureNotLimited(ctx, 'loginUser', userKey);
    const user = await makeUserQueries(ctx.deps.sql).findUserByUsername(input.username);
    const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !ok) {
      await consume(ctx, 'loginIp', ipKey).catch(ignoreLimit);
      await consume(ctx, 'loginUser', userKey).catch(ignoreLimit);
      throw unauthorized(BAD_CREDENTIALS);
    }
    await resetLimit(ctx, 'loginUser', userKey);
    await signIn(ctx, user.id, input.rememberMe);
    ctx.body = presentCurrentUser(user);
  });

  router.post('/logout', (ctx) => {
    const sessionId = ctx.cookies.get(SESSION_COOKIE, { signed: true });
    ctx.session = null;
    // The sockets opened with this session leave the user's private rooms on every node.
    if (sessionId && ctx.state.user) ctx.deps.publisher.signedOut(sessionId, ctx.state.user.id);
    ctx.status = 204;
  });

  return router;
}

/** The failure that used the last point is still answered as a wrong password. */
function ignoreLimit(err: unknown) {
  if (!(err instanceof HttpError && err.status === 429)) throw err;
}
