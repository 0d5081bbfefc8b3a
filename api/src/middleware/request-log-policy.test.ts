import { describe, expect, it } from 'vitest';
import { requestLogLevel } from './request-log';

/** The defaults of runtime/src/config.ts: 1 % sampled, slow above 500 ms. */
const policy = { sampleRate: 0.01, slowMs: 500 };
/** A draw that never falls in the sample, and one that always does. */
const never = () => 0.999;
const always = () => 0;

describe('the request log policy', () => {
  it('writes every 5xx as an error, whatever the sample', () => {
    for (const status of [500, 502, 503])
      expect(requestLogLevel({ status, durationMs: 3 }, policy, never)).toEqual({ level: 'error', why: 'error' });
  });

  it('writes a request slower than LOG_SLOW_REQUEST_MS as a warning, and one at the threshold as any other', () => {
    expect(requestLogLevel({ status: 200, durationMs: 500.1 }, policy, never)).toEqual({ level: 'warn', why: 'slow' });
    expect(requestLogLevel({ status: 404, durationMs: 1200 }, policy, never)).toEqual({ level: 'warn', why: 'slow' });
    expect(requestLogLevel({ status: 200, durationMs: 500 }, policy, never)).toEqual({ level: 'debug', why: 'every' });
    expect(requestLogLevel({ status: 200, durationMs: 800 }, { ...policy, slowMs: 1000 }, never).level).toBe('debug');
  });

  it('writes the 4xx that need a look at info, but not the expected 401, 404 and 409', () => {
    for (const status of [400, 403, 405, 413, 415, 422, 429])
      expect(requestLogLevel({ status, durationMs: 2 }, policy, never), String(status)).toEqual({
        level: 'info',
        why: 'client-error',
      });
    for (const status of [401, 404, 409])
      expect(requestLogLevel({ status, durationMs: 2 }, policy, never), String(status)).toEqual({
        level: 'debug',
        why: 'every',
      });
  });

  it('writes a sample of the rest at info (LOG_REQUEST_SAMPLE_RATE), and everything else at debug', () => {
    expect(requestLogLevel({ status: 200, durationMs: 1 }, policy, always)).toEqual({ level: 'info', why: 'sample' });
    expect(requestLogLevel({ status: 304, durationMs: 1 }, policy, never)).toEqual({ level: 'debug', why: 'every' });
    expect(requestLogLevel({ status: 404, durationMs: 1 }, policy, always)).toEqual({ level: 'info', why: 'sample' });
    // The draw is compared with the rate: 0.2 is in a 25 % sample, not in a 10 % one.
    expect(requestLogLevel({ status: 200, durationMs: 1 }, { ...policy, sampleRate: 0.25 }, () => 0.2).why).toBe(
      'sample',
    );
    expect(requestLogLevel({ status: 200, durationMs: 1 }, { ...policy, sampleRate: 0.1 }, () => 0.2).why).toBe(
      'every',
    );
    // A rate of 0 samples nothing, even a draw of 0.
    expect(requestLogLevel({ status: 200, durationMs: 1 }, { ...policy, sampleRate: 0 }, always).why).toBe('every');
  });

  it('samples about the given share of many requests', () => {
    let sampled = 0;
    for (let i = 0; i < 10_000; i++)
      if (requestLogLevel({ status: 200, durationMs: 1 }, { ...policy, sampleRate: 0.1 }).why === 'sample') sampled++;
    expect(sampled).toBeGreaterThan(800);
    expect(sampled).toBeLessThan(1200);
  });
});
