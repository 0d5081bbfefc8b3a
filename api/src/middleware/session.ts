import type Koa from 'koa';
import session from 'koa-session';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Config } from '@vitrine/runtime/config';
import { HttpError } from '../errors';

/** Sessions live in Redis: while it is unreachable a signed-in request cannot be authenticated. */
function orUnavailable<T>(command: Promise<T>): Promise<T> {
  return command.catch(() => {
    throw new HttpError(503, 'Sign-in is unavailable for a moment. Please try again shortly.', { 'Retry-After': '5' });
  });
}

/** The session cookie's name. */
export const SESSION_COOKIE = 'vitrine.sid';
/** Sessions without remember-me expire from Redis after this long idle (the cookie lives for the browser session). */
const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;

/**
 * koa-session keeping sessions in Redis (design.md "Sessions"): the cookie holds only a random id,
 * signed with SESSION_SECRET; HttpOnly, SameSite=Lax, Secure behind TLS.
 */
export function sessionMiddleware(app: Koa, redis: Redis, config: Config) {
  app.keys = [config.sessionSecret];
  const key = (id: string) => `${config.redisPrefix}sess:${id}`;
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: 'session',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.trustProxy && config.production,
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
