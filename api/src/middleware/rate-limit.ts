import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '@vitrine/runtime/config';
import {
  COMMENT_QUOTA,
  COMMENT_QUOTA_MESSAGE,
  NEW_ACCOUNT_AGE_MS,
  NEW_ACCOUNT_COMMENT_QUOTA,
} from '@vitrine/domain/comments';
import { UPDATE_QUOTA, UPDATE_QUOTA_MESSAGE } from '@vitrine/domain/devlogs';
import { tooManyRequests } from '../errors';
import { addressKey } from '../client-address';

/** What a limiter counts by: the client's IP, the signed-in user, or both (a point of each). */
type LimitKey = 'ip' | 'user';

/** An allowance: `points` per window of `duration` seconds (times RATE_LIMIT_MULTIPLIER). */
interface Allowance {
  points: number;
  duration: number;
}

/**
 * A limiter's entry: its allowance, what it counts by, the message a 429 carries and, optionally, the
 * stricter allowance `young` of a caller whose account is younger than NEW_ACCOUNT_AGE_MS, kept on a
 * limiter of its own and spent instead of the ordinary one (see spend).
 */
interface LimitSpec extends Allowance {
  by: readonly LimitKey[];
  message: string;
  young?: Allowance;
}

/** Each limiter: points per window (seconds), what it counts by, and the message a 429 carries. Tunable here. */
const LIMITS = {
  /**
   * Calls per IP of each limited route's quota (key `<quota>:ip:<address key>`: votes and reports flood separately), counted before the guard and validation (refused and
   * malformed calls too): throttles a flood before it costs a parse or a query. Generous, since it counts
   * attempts; each route's own quota counts only what it limits (see compose, api/src/contracts/pipeline.ts).
   */
  flood: { points: 300, duration: 60, by: ['ip'], message: 'Too many requests. Please slow down.' },
  /** Failed sign-ins per IP (spent on failures only, by the sign-in command). */
  loginIp: { points: 30, duration: 15 * 60, by: ['ip'], message: 'Too many sign-in attempts. Please try again later.' },
  /**
   * Failed sign-ins per username from one address (spent on failures only, by the sign-in command). Per
   * pair, not per username: a per-username lock let anyone lock an account out from everywhere.
   */
  loginUserIp: { points: 10, duration: 15 * 60, by: [], message: 'Too many sign-in attempts. Please try again later.' },
  /** Accounts created per IP (spent with the account: a refused sign-up gives its point back). */
  register: {
    points: 10,
    duration: 60 * 60,
    by: ['ip'],
    message: 'Too many accounts created. Please try again later.',
  },
  /** Votes per IP (visitors share an address behind NAT, so generous). */
  vote: { points: 60, duration: 60, by: ['ip'], message: 'Too many votes. Please slow down.' },
  /** Contact form messages per IP. */
  contact: {
    points: 5,
    duration: 10 * 60,
    by: ['ip'],
    message: 'Too many messages. Please wait a few minutes before sending another.',
  },
  /** Messages between users per user. */
  message: {
    points: 20,
    duration: 10 * 60,
    by: ['user'],
    message: 'Too many messages. Please wait a few minutes before sending another.',
  },
  /** Admin messages and replies per admin (the dashboard answers many, so more generous than members'). */
  adminMessage: {
    points: 60,
    duration: 10 * 60,
    by: ['user'],
    message: 'Too many messages. Please wait a few minutes before sending another.',
  },
  /** Reports per user. */
  report: {
    points: 10,
    duration: 10 * 60,
    by: ['user'],
    message: 'Too many reports. Please wait a few minutes before reporting again.',
  },
  /**
   * Comments posted per member: a quota of comments made (a failed post gives its point back, a deleted
   * comment keeps it), stricter for an account younger than NEW_ACCOUNT_AGE_MS (domain/src/comments.ts).
   */
  commentPost: {
    points: COMMENT_QUOTA.points,
    duration: COMMENT_QUOTA.windowMs / 1000,
    young: { points: NEW_ACCOUNT_COMMENT_QUOTA.points, duration: NEW_ACCOUNT_COMMENT_QUOTA.windowMs / 1000 },
    by: ['user'],
    message: COMMENT_QUOTA_MESSAGE,
  },
  /** Comment edits and deletions per user: a generous ceiling. */
  commentWrite: {
    points: 60,
    duration: 10 * 60,
    by: ['user'],
    message: 'Too many comment changes. Please wait a few minutes.',
  },
  /** Updates (devlogs) posted per member: a quota of updates made (a failed post gives its point back, a deleted update keeps it). */
  updatePost: {
    points: UPDATE_QUOTA.points,
    duration: UPDATE_QUOTA.windowMs / 1000,
    by: ['user'],
    message: UPDATE_QUOTA_MESSAGE,
  },
  /** Update (devlog) edits and deletions per user: a ceiling. */
  updateWrite: {
    points: 60,
    duration: 10 * 60,
    by: ['user'],
    message: 'Too many changes to updates. Please wait a few minutes.',
  },
  /** Pictures uploaded per user (each is decoded and encoded: CPU heavy). */
  mediaUpload: {
    points: 30,
    duration: 60 * 60,
    by: ['user'],
    message: 'Too many images uploaded. Please wait a while before adding more.',
  },
  /** Picture edits, moves and deletions per user. */
  mediaEdit: { points: 120, duration: 10 * 60, by: ['user'], message: 'Too many changes to images. Please slow down.' },
  /** Ratings per user. */
  rate: { points: 60, duration: 60, by: ['user'], message: 'Too many ratings. Please slow down.' },
  /** Opening and changing test requests per user. */
  testRequest: {
    points: 30,
    duration: 10 * 60,
    by: ['user'],
    message: 'Too many changes to test requests. Please wait a few minutes.',
  },
  /** Joining and leaving test requests per user. */
  testerJoin: { points: 60, duration: 10 * 60, by: ['user'], message: 'Too many joins. Please wait a few minutes.' },
  /** Feedback writes and helpful marks per user. */
  feedback: {
    points: 60,
    duration: 10 * 60,
    by: ['user'],
    message: 'Too much feedback at once. Please wait a few minutes.',
  },
  /** Peer ratings per user. */
  userRating: { points: 60, duration: 10 * 60, by: ['user'], message: 'Too many ratings. Please slow down.' },
  /** Profile settings changes per user. */
  settings: {
    points: 30,
    duration: 10 * 60,
    by: ['user'],
    message: 'Too many settings changes. Please wait a few minutes.',
  },
  /** Webhooks added or deleted per user (each add resolves the address's name). */
  webhookWrite: {
    points: 30,
    duration: 10 * 60,
    by: ['user'],
    message: 'Too many webhook changes. Please wait a few minutes.',
  },
  /** Redeliveries asked for per user (each one contacts the member's receiver again). */
  webhookRedeliver: {
    points: 30,
    duration: 10 * 60,
    by: ['user'],
    message: 'Too many redeliveries. Please wait a few minutes.',
  },
  /** Follows and unfollows per user. */
  follow: { points: 60, duration: 10 * 60, by: ['user'], message: 'Too many follows. Please wait a few minutes.' },
  /** Marking notifications read, per user. */
  notificationRead: { points: 120, duration: 60, by: ['user'], message: 'Too many requests. Please slow down.' },
  /** One-click unsubscribes per IP: each try is a guess at a token. */
  unsubscribe: { points: 30, duration: 10 * 60, by: ['ip'], message: 'Too many attempts. Please try again later.' },
  /** Confirmation mails per address (spent by the commands that start one, key `email:<address>`), so nobody floods an inbox. */
  emailAddress: {
    points: 3,
    duration: 60 * 60,
    by: [],
    message: 'Too many confirmation emails to this address. Please try again later.',
  },
  /** Resending one's own confirmation link, per user. */
  confirmResend: {
    points: 5,
    duration: 60 * 60,
    by: ['user'],
    message: 'Too many confirmation emails. Please try again later.',
  },
  /** Following confirmation links, per IP: every valid-looking attempt counts (so tokens cannot be guessed through it). */
  emailConfirm: { points: 30, duration: 10 * 60, by: ['ip'], message: 'Too many attempts. Please try again later.' },
  /** Password changes per user: every valid-looking attempt counts, so the current password cannot be guessed through it. */
  passwordChange: {
    points: 10,
    duration: 15 * 60,
    by: ['user'],
    message: 'Too many password change attempts. Please try again later.',
  },
  /**
   * Data exports made per member (a quota: spent by the export route once an export is built, so refused
   * calls do not count). An export reads every table's rows about the member, so a few an hour.
   */
  dataExport: {
    points: 3,
    duration: 60 * 60,
    by: [],
    message: 'You have downloaded your data several times in the last hour. Please try again later.',
  },
  /** Account deletion attempts (every attempt, so the password cannot be guessed through it), per user. */
  accountDelete: { points: 10, duration: 15 * 60, by: ['user'], message: 'Too many attempts. Please try again later.' },
  /**
   * Uncached expensive public reads per IP: share cards not made yet (a made one is free) and sitemap
   * files and index (crawlers fetch a few files a day; the render pool and the crawl gate bound them
   * per node as well).
   */
  /** Explained scores per IP (GET /api/projects/{id}/score): each miss reads the project's votes. */
  score: { points: 120, duration: 60, by: ['ip'], message: 'Too many requests from this address. Please slow down.' },
  render: {
    points: 60,
    duration: 60,
    by: ['ip'],
    message: 'Too many share cards and sitemaps from this address. Please try again in a minute.',
  },
  /** Searches per IP (each is read for its viewer, never shared; the search gate bounds them per node as well). */
  search: {
    points: 60,
    duration: 60,
    by: ['ip'],
    message: 'Too many searches. Please wait a minute before searching again.',
  },
  /**
   * New & rising impression beacons per IP: a page sends one batch per strip it shows and the strip holds at
   * most 12 cards, so a visitor needs a few a minute; anything above is a stranger counting for themselves.
   */
  impressions: { points: 20, duration: 60, by: ['ip'], message: 'Too many impressions. Please slow down.' },
  /**
   * View beacons per IP: one per project page opened, so a reader needs a few a minute; each counts a
   * page view for the owner's stats, which a stranger could otherwise inflate at will.
   */
  view: { points: 120, duration: 60, by: ['ip'], message: 'Too many views. Please slow down.' },
  /** New & rising strips read per IP (each is read for its visitor, never shared). */
  rising: { points: 60, duration: 60, by: ['ip'], message: 'Too many requests. Please slow down.' },
  /** Health histories per IP (up to 30 days of checks each, read for each caller). */
  healthHistory: {
    points: 120,
    duration: 60,
    by: ['ip'],
    message: 'Too many requests. Please wait a minute.',
  },
  /**
   * Calls per personal access token (key `t:<token id>`), every call made with it counted, refused ones
   * too; announced on each such call with the RateLimit-Policy and RateLimit headers (spendToken). A
   * route's own quota still applies beside it.
   */
  token: {
    points: 300,
    duration: 60,
    by: [],
    message: 'Too many requests with this access token. Please slow down.',
  },
  /** Access tokens made and revoked, per member (each made one is also bounded by MAX_TOKENS held). */
  tokenWrite: {
    points: 30,
    duration: 10 * 60,
    by: ['user'],
    message: 'Too many changes to access tokens. Please wait a few minutes.',
  },
  /** Admin test-request moderation (hide, rating removal) per admin. */
  moderation: { points: 300, duration: 60, by: ['user'], message: 'Too many moderation actions. Please slow down.' },
} as const satisfies Record<string, LimitSpec>;

/** Project submissions per user and per IP: SUBMISSION_LIMIT per SUBMISSION_WINDOW_SECONDS (configuration). */
const SUBMISSION = {
  by: ['user', 'ip'],
  message: 'Please wait a few minutes before submitting another project.',
} as const;

export type LimiterName = keyof typeof LIMITS | 'submission';

/**
 * One limiter per name, kept in Redis, falling back to memory while Redis is unreachable; `young` is the
 * limiter of a young account's allowance (LimitSpec.young), for the entries that have one.
 */
export type Limiters = Record<
  LimiterName,
  { limiter: RateLimiterRedis; young?: RateLimiterRedis; message: string; by: readonly LimitKey[] }
>;

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
  for (const [name, l] of Object.entries(LIMITS) as Array<[string, LimitSpec]>) {
    limiters[name as LimiterName] = {
      limiter: make(name, l.points, l.duration),
      ...(l.young ? { young: make(`${name}:young`, l.young.points, l.young.duration) } : {}),
      message: l.message,
      by: l.by,
    };
  }
  limiters.submission = {
    limiter: make('submission', config.submissionLimit, config.submissionWindowSeconds),
    ...SUBMISSION,
  };
  return limiters;
}

/** What the limit functions need: the limiters, and for keyed limits the caller's IP and user. */
type Holder = { limiters: Limiters };

/** The caller a keyed limit counts: their IP, and the signed-in user (null for a visitor). */
type Caller = Holder & { ip: string; user: { id: number; createdAt: Date } | null };

/** Spends `points` of `limiter` for `key`; throws the 429 carrying `message` (with Retry-After) when none is left. */
async function consumeOn(limiter: RateLimiterRedis, message: string, key: string, points: number): Promise<void> {
  try {
    await limiter.consume(key, points);
  } catch (res) {
    if (res instanceof RateLimiterRes) throw tooManyRequests(message, res.msBeforeNext / 1000);
    throw res;
  }
}

/** Spends one point of `name` for `key`; throws the 429 (with Retry-After) when none is left. */
export async function consume(holder: Holder, name: LimiterName, key: string, points = 1): Promise<void> {
  const { limiter, message } = holder.limiters[name];
  await consumeOn(limiter, message, key, points);
}

/** The keys a limiter counts a caller by: `ip:<address key>` (an IPv6 client counted by its /64, see addressKey), `u:<user id>`. */
function keysOf(holder: Caller, name: LimiterName): string[] {
  const keys: string[] = [];
  for (const by of holder.limiters[name].by) {
    if (by === 'ip') keys.push(`ip:${addressKey(holder.ip)}`);
    else if (holder.user) keys.push(`u:${holder.user.id}`);
  }
  return keys;
}

/**
 * The limiter `name` spends for the caller: its `young` one when it has one and the caller's account is
 * younger than NEW_ACCOUNT_AGE_MS (a visitor is not young: a limit by user skips them anyway), else its own.
 */
function limiterFor(holder: Caller, name: LimiterName): RateLimiterRedis {
  const { limiter, young } = holder.limiters[name];
  const isYoung = holder.user !== null && Date.now() - holder.user.createdAt.getTime() < NEW_ACCOUNT_AGE_MS;
  return young && isYoung ? young : limiter;
}

/**
 * Spends one point of `name` for each key the limiter counts by (on its young allowance for a young
 * account, limiterFor); a key by user is skipped for a visitor (routes that limit by user require one).
 * Returns the refund: it gives every spent point back (a quota spent for a write that then failed). A
 * 429 on a later key gives back the points of the earlier ones.
 */
export async function spend(holder: Caller, name: LimiterName): Promise<() => Promise<void>> {
  const { message } = holder.limiters[name];
  const limiter = limiterFor(holder, name);
  const spent: string[] = [];
  const refund = async () => {
    // A refund that cannot reach Redis leaves the point spent: the window expires it.
    await Promise.all(spent.map((key) => limiter.reward(key, 1).catch(() => undefined)));
  };
  try {
    for (const key of keysOf(holder, name)) {
      await consumeOn(limiter, message, key, 1);
      spent.push(key);
    }
  } catch (err) {
    await refund();
    throw err;
  }
  return refund;
}

/** The flood step: one point of `flood` for the caller's address and the route's quota `name` (see LIMITS.flood). */
export async function spendFlood(holder: Holder & { ip: string }, name: LimiterName): Promise<void> {
  await consume(holder, 'flood', `${name}:ip:${addressKey(holder.ip)}`);
}

/** The name the token's quota policy goes by in the RateLimit-Policy and RateLimit headers. */
export const TOKEN_POLICY = 'token';

/**
 * The headers of draft-ietf-httpapi-ratelimit-headers (its Structured Fields syntax): the policy, a
 * quota of `q` calls a window of `w` seconds, and what is left of it, `r` calls for `t` more seconds.
 */
function rateLimitHeaders(limiter: RateLimiterRedis, res: RateLimiterRes): Record<string, string> {
  const reset = Math.max(0, Math.ceil(res.msBeforeNext / 1000));
  return {
    'RateLimit-Policy': `"${TOKEN_POLICY}";q=${limiter.points};w=${limiter.duration}`,
    RateLimit: `"${TOKEN_POLICY}";r=${Math.max(0, res.remainingPoints)};t=${reset}`,
  };
}

/**
 * Spends one point of the token's quota (LIMITS.token) and answers the RateLimit-Policy and RateLimit
 * headers of the call; past the quota, the 429 carries them with Retry-After.
 */
export async function spendToken(holder: Holder, tokenId: number): Promise<Record<string, string>> {
  const { limiter, message } = holder.limiters.token;
  try {
    return rateLimitHeaders(limiter, await limiter.consume(`t:${tokenId}`));
  } catch (res) {
    if (!(res instanceof RateLimiterRes)) throw res;
    const refusal = tooManyRequests(message, res.msBeforeNext / 1000);
    Object.assign(refusal.headers, rateLimitHeaders(limiter, res));
    throw refusal;
  }
}

/** Throws the 429 if `key` has no points left, without spending one (sign-in checks before hashing). */
export async function ensureNotLimited(holder: Holder, name: LimiterName, key: string): Promise<void> {
  const { limiter, message } = holder.limiters[name];
  const res = await limiter.get(key);
  if (res && res.remainingPoints <= 0) throw tooManyRequests(message, res.msBeforeNext / 1000);
}

/** Forgets `key` (a successful sign-in clears its failures). */
export async function resetLimit(holder: Holder, name: LimiterName, key: string): Promise<void> {
  await holder.limiters[name].limiter.delete(key);
}
