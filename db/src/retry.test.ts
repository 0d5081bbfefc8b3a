import { describe, expect, it } from 'vitest';
import { isRetryableConflict, retryTransaction, TRANSACTION_ATTEMPTS } from './retry';

/** An error as postgres.js throws it for `code`. */
const pgError = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });

describe('retryTransaction', () => {
  it('runs again after a deadlock or serialization failure and answers the success', async () => {
    let runs = 0;
    const value = await retryTransaction(async () => {
      runs += 1;
      if (runs === 1) throw pgError('40P01');
      if (runs === 2) throw pgError('40001');
      return 'done';
    });
    expect(value).toBe('done');
    expect(runs).toBe(3);
  });

  it('gives up after TRANSACTION_ATTEMPTS runs with the last error', async () => {
    let runs = 0;
    await expect(
      retryTransaction(async () => {
        runs += 1;
        throw pgError('40P01');
      }),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
  });

  it('never runs again after any other error', async () => {
    let runs = 0;
    await expect(
      retryTransaction(async () => {
        runs += 1;
        throw pgError('23505');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
    expect(isRetryableConflict(new Error('deadlock detected'))).toBe(false);
    expect(isRetryableConflict(null)).toBe(false);
  });
});
