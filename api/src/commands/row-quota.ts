import type { MemberCaller } from '../context';
import { tooManyRequests } from '../errors';

/** A quota counted on the rows a member made: at most `points` of them in `windowMs` (times RATE_LIMIT_MULTIPLIER). */
export interface RowQuota {
  points: number;
  windowMs: number;
}

/** How many rows the member made since a time, and when the oldest of them was made (their rows locked first). */
export type CountRecent = (since: Date) => Promise<{ n: number; oldest: Date | null }>;

/**
 * Spends one of the member's `quota`, counted on the rows they made (comments, updates) by `countRecent`
 * inside the transaction that writes the new one, under a lock of theirs, so it counts exactly what it
 * limits; past it, the 429 says `message` and when the oldest counted row leaves the window (Retry-After).
 * The pipeline's Redis limits (middleware/rate-limit.ts) count calls; this counts what was made.
 */
export async function spendRowQuota(
  caller: MemberCaller,
  quota: RowQuota,
  message: string,
  countRecent: CountRecent,
): Promise<void> {
  const points = quota.points * caller.deps.config.rateLimitMultiplier;
  const { n, oldest } = await countRecent(new Date(Date.now() - quota.windowMs));
  if (n < points) return;
  const retryMs = (oldest?.getTime() ?? Date.now()) + quota.windowMs - Date.now();
  throw tooManyRequests(message, retryMs / 1000);
}
