import type Koa from 'koa';
import session from 'koa-session';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Config } from '@vitrine/runtime/config';
import { loggerFor } from '@vitrine/runtime/logger';
import { HttpError } from '../errors';
import { millisecondsInDay } from '@vitrine/domain/constants';

/** Sessions live in Redis: while it is unreachable a signed-in request cannot be authenticated. */
function orUnavailable<T>(command: Promise<T>): Promise<T> {
  return command.catch(() => {
    throw new HttpError(503, 'Sign-in is unavailable for a moment. Please try again shortly.', { 'Retry-After': '5' });
  });
}

/** The session cookie's name. */
export const SESSION_COOKIE = 'vitrine.sid';
/** Sessions without remember-me expire from Redis after this long idle (the cookie lives for the browser session). */
const SESSION_IDLE_MS = millisecondsInDay;

/** Logged once when production sets a session cookie on a plain-HTTP request (it cannot be Secure then). */
export const INSECURE_SIGN_IN_WARNING =
  '[api] NODE_ENV=production, but a sign-in was served over plain HTTP: its session cookie is not Secure. ' +
  'Serve the site over HTTPS; behind a proxy, set TRUST_PROXY=1 and have the proxy send X-Forwarded-Proto: https.';

/**
 * koa-session keeping sessions in Redis: the cookie holds only a random id,
 * signed with SESSION_SECRET; HttpOnly, SameSite=Lax. Secure follows the request (`ctx.secure`, which
 * reads X-Forwarded-Proto under TRUST_PROXY=1): a fixed Secure flag made koa-session throw, and the
 * request answer 500, whenever a request arrived over plain HTTP.
 */
export function sessionMiddleware(app: Koa, redis: Redis, config: Config) {
  app.keys = [config.sessionSecret];
  const key = (id: string) => `${config.redisPrefix}sess:${id}`;
  let warnedInsecure = false;
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: 'session',
      httpOnly: true,
      sameSite: 'lax',
      // No `secure` option: the cookies library then marks the cookie Secure exactly when ctx.secure.
      beforeSave(ctx: Koa.Context) {
        if (config.production && !ctx.secure && !warnedInsecure) {
          warnedInsecure = true;
          loggerFor('session').warn(INSECURE_SIGN_IN_WARNING);
        }
      },
      signed: true,
      rolling: false,
      renew: true,
      genid: () => randomBytes(24).toString('base64url'),
      store: {
        async get(id: string) {
          const raw = await orUnavailable(redis.get(key(id)));
          return raw ? JSON.parse(raw) : undefined;
        },
        async set(id: string, sess: Record<string, unknown>, maxAge: number | 'session' | undefined) {
          const ttl = typeof maxAge === 'number' ? maxAge : SESSION_IDLE_MS;
          await orUnavailable(redis.set(key(id), JSON.stringify(sess), 'PX', ttl));
        },
        async destroy(id: string) {
          await orUnavailable(redis.del(key(id)));
        },
      },
    },
    app,
  );
}
