/**
 * Transactions that lost a lock race run again. PostgreSQL aborts one side of a deadlock (40P01) or a
 * serialization conflict (40001); nothing of the aborted transaction was written, so running it again
 * is safe and normally succeeds once the other side committed. Deleting a project while a
 * ranking recompute rewrote leaderboard_entries answered 500 on 40P01 (the delete's cascade waits for
 * the board rows the recompute deleted, while the recompute's insert waits for the project row).
 */

/** SQLSTATEs after which the whole transaction may simply run again: deadlock_detected, serialization_failure. */
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);
/** Runs of one transaction at most (the first and two retries): a third loss in a row is load, not bad luck. */
export const TRANSACTION_ATTEMPTS = 3;
/** Base wait before a retry, grown per attempt and jittered so two losers do not collide again. */
const RETRY_BASE_DELAY_MS = 20;

/** True for an error after which the transaction may run again (by SQLSTATE, never by message). */
export function isRetryableConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_SQLSTATES.has(code);
}

/**
 * Runs `transaction` (a whole `sql.begin(...)`, never a statement inside one) and runs it again, up to
 * TRANSACTION_ATTEMPTS in all, while it fails with a deadlock or serialization failure. Any other error,
 * or the last attempt's, is thrown as it is.
 */
export async function retryTransaction<T>(transaction: () => Promise<T>, attempts = TRANSACTION_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (err) {
      if (attempt >= attempts || !isRetryableConflict(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, RETRY_BASE_DELAY_MS * attempt * (1 + Math.random())));
    }
  }
}
