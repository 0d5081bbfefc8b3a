import type { Middleware } from 'koa';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '@vitrine/runtime/config';
import { tooManyRequests } from '../errors';
import type { AppContext } from '../context';

/** Each limiter: points per window (seconds) and the message a 429 carries. Tunable here. */
const LIMITS = {
  /** Failed sign-ins per IP. */
  loginIp: { points: 30, duration: 15 * 60, message: 'Too many sign-in attempts. Please try again later.' },
  /** Failed sign-ins per username. */
  loginUser: { points: 10, duration: 15 * 60, message: 'Too many sign-in attempts. Please try again later.' },
  /** Accounts created per IP. */
  register: { points: 10, duration: 60 * 60, message: 'Too many accounts created. Please try again later.' },
  /** Votes per IP (visitors share an address behind NAT, so generous). */
  vote: { points: 60, duration: 60, message: 'Too many votes. Please slow down.' },
  /** Contact form messages per IP. */
  contact: { points: 5, duration: 10 * 60, message: 'Too many messages. Please wait a few minutes before sending another.' },
  /** Messages between users per user. */
  message: { points: 20, duration: 10 * 60, message: 'Too many messages. Please wait a few minutes before sending another.' },
  /** Reports per user. */
  report: { points: 10, duration: 10 * 60, message: 'Too many reports. Please wait a few minutes before reporting again.' },
  /** Ratings per user. */
  rate: { points: 60, duration: 60, message: 'Too many ratings. Please slow down.' },
  /** Issue 13: opening and changing test requests per user. */
  testRequest: { points: 30, duration: 10 * 60, message: 'Too many changes to test requests. Please wait a few minutes.' },
  /** Joining and leaving test requests per user. */
  testerJoin: { points: 60, duration: 10 * 60, message: 'Too many joins. Please wait a few minutes.' },
  /** Feedback writes and helpful marks per user. */
  feedback: { points: 60, duration: 10 * 60, message: 'Too much feedback at once. Please wait a few minutes.' },
  /** Peer ratings per user. */
  userRating: { points: 60, duration: 10 * 60, message: 'Too many ratings. Please slow down.' },
  /** Profile settings changes per user. */
  settings: { points: 30, duration: 10 * 60, message: 'Too many settings changes. Please wait a few minutes.' },
  /** Admin moderation writes per admin. */
  moderation: { points: 300, duration: 60, message: 'Too many moderation actions. Please slow down.' },
} as const;

export type LimiterName = keyof typeof LIMITS | 'submission';

/** One limiter per name, kept in Redis, falling back to memory while Redis is unreachable. */
export type Limiters = Record<LimiterName, { limiter: RateLimiterRedis; message: string }>;

/** Builds the limiters on the app's Redis client and key prefix. */
export function createLimiters(redis: Redis, config: Config): Limiters {
  const make = (name: string, basePoints: number, duration: number) => {
    const points = basePoints * config.rateLimitMultiplier;
    return new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.redisPrefix}rl:${name}`,
      points,
      duration,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ points, duration }),
    });
  };
  const limiters = {} as Limiters;
  for (const [name, l] of Object.entries(LIMITS)) {
    limiters[name as LimiterName] = { limiter: make(name, l.points, l.duration), message: l.message };
  }
  limiters.submission = {
    limiter: make('submission', config.submissionLimit, config.submissionWindowSeconds),
    message: 'Please wait a few minutes before submitting another project.',
  };
  return limiters;
}

/** Spends one point of `name` for `key`; throws the 429 (with Retry-After) when none is left. */
export async function consume(ctx: AppContext, name: LimiterName, key: string, points = 1): Promise<void> {
  const { limiter, message } = ctx.limiters[name];
  try {
    await limiter.consume(key, points);
  } catch (res) {
    if (res instanceof RateLimiterRes) throw tooManyRequests(message, res.msBeforeNext / 1000);
    throw res;
  }
}

/** Throws the 429 if `key` has no points left, without spending one (sign-in checks before hashing). */
export async function ensureNotLimited(ctx: AppContext, name: LimiterName, key: string): Promise<void> {
  const { limiter, message } = ctx.limiters[name];
  const res = await limiter.get(key);
  if (res && res.remainingPoints <= 0) throw tooManyRequests(message, res.msBeforeNext / 1000);
}

/** Forgets `key` (a successful sign-in clears its failures). */
export async function resetLimit(ctx: AppContext, name: LimiterName, key: string): Promise<void> {
  await ctx.limiters[name].limiter.delete(key);
}

/** Middleware form: one point per request, keyed by the signed-in user when there is one, else the IP. */
export function rateLimit(name: LimiterName, by: 'user-or-ip' | 'ip' = 'user-or-ip'): Middleware {
  return async (ctx, next) => {
    const c = ctx as unknown as AppContext;
    const key = by === 'user-or-ip' && c.state.user ? `u:${c.state.user.id}` : `ip:${c.ip}`;
    await consume(c, name, key);
    return next();
  };
}
