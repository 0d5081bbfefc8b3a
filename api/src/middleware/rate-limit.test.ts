import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  COMMENT_QUOTA,
  COMMENT_QUOTA_MESSAGE,
  NEW_ACCOUNT_AGE_MS,
  NEW_ACCOUNT_COMMENT_QUOTA,
} from '@vitrine/domain/comments';
import { loadConfig } from '@vitrine/runtime/config';
import { openRedis } from '@vitrine/runtime/redis';
import { HttpError } from '../errors';
import { createLimiters, spend, type LimiterName } from './rate-limit';

const redis = openRedis({ redisUrl: inject('redisUrl'), redisSentinel: null }, { name: 'test-rate-limit' });
afterAll(() => redis.disconnect());

/** Limiters under a Redis key prefix of their own, with RATE_LIMIT_MULTIPLIER `multiplier`. */
function limitersWith(multiplier: number) {
  return createLimiters(redis, {
    ...loadConfig({ NODE_ENV: 'test' }),
    redisPrefix: `${inject('redisPrefix')}rl-test-${randomBytes(3).toString('hex')}:`,
    rateLimitMultiplier: multiplier,
  });
}

type Caller = Parameters<typeof spend>[0];

/** A caller signed in as member `id`, whose account was made `ageMs` ago. */
function memberOf(limiters: Caller['limiters'], id: number, ageMs: number): Caller {
  return { limiters, ip: '10.9.8.7', user: { id, createdAt: new Date(Date.now() - ageMs) } };
}

/** Spends `name` for `caller` until it is refused; answers how many points were spent and the refusal. */
async function spendUntilRefused(caller: Caller, name: LimiterName): Promise<{ spent: number; refusal: HttpError }> {
  for (let spent = 0; spent <= 1000; spent++) {
    try {
      await spend(caller, name);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      return { spent, refusal: err };
    }
  }
  throw new Error(`${name} never refused`);
}

describe("a limiter's young allowance", () => {
  it('is spent, times RATE_LIMIT_MULTIPLIER, by an account younger than NEW_ACCOUNT_AGE_MS; the ordinary one after', async () => {
    const limiters = limitersWith(2);
    const young = await spendUntilRefused(memberOf(limiters, 1, NEW_ACCOUNT_AGE_MS - 60_000), 'commentPost');
    expect(young.spent).toBe(NEW_ACCOUNT_COMMENT_QUOTA.points * 2);
    expect([young.refusal.status, young.refusal.message]).toEqual([429, COMMENT_QUOTA_MESSAGE]);
    // Retry-After: when the young allowance's window (an hour) refills, longer than the ordinary one's.
    expect(Number(young.refusal.headers['Retry-After'])).toBeGreaterThan(COMMENT_QUOTA.windowMs / 1000);

    // The same member a day old spends the ordinary allowance, on a limiter of its own.
    const grown = await spendUntilRefused(memberOf(limiters, 1, NEW_ACCOUNT_AGE_MS + 60_000), 'commentPost');
    expect(grown.spent).toBe(COMMENT_QUOTA.points * 2);
    expect(Number(grown.refusal.headers['Retry-After'])).toBeLessThanOrEqual(COMMENT_QUOTA.windowMs / 1000);
  });

  it("gives a young account's point back on its own limiter when the write fails", async () => {
    const limiters = limitersWith(1);
    const young = memberOf(limiters, 2, 0);
    for (let i = 0; i < NEW_ACCOUNT_COMMENT_QUOTA.points - 1; i++) await spend(young, 'commentPost');
    const refund = await spend(young, 'commentPost');
    await refund();
    expect((await spendUntilRefused(young, 'commentPost')).spent).toBe(1);
  });

  it('leaves a limiter without one to every account alike', async () => {
    const limiters = limitersWith(1);
    expect(limiters.commentPost.young).toBeDefined();
    expect(limiters.commentWrite.young).toBeUndefined();
    const young = await spendUntilRefused(memberOf(limiters, 3, 0), 'updatePost');
    const grown = await spendUntilRefused(memberOf(limiters, 4, NEW_ACCOUNT_AGE_MS * 2), 'updatePost');
    expect(young.spent).toBe(grown.spent);
  });
});
