import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    'ECONNREFUSED',
    'ECONNRESET',
    'CONNECTION_CLOSED',
    'CONNECT_TIMEOUT',
    'CONNECTION_ENDED',
    '57P01',
    '57P03',
    '08006',
    '08001',
    '53300',
  ])('is true for %s', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  });

  it('is false for client errors, other SQLSTATEs and codeless errors, whatever their message says', () => {
    for (const code of ['23505', '22P02', '40001', '57014', 'ERR_INVALID_ARG_TYPE'])
      expect(isDatabaseUnavailable(withCode(code))).toBe(false);
    expect(isDatabaseUnavailable(new Error('connect ECONNREFUSED 127.0.0.1:5432'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('is true for an AggregateError only when every address refused', () => {
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ETIMEDOUT')]))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), new Error('bug')]))).toBe(false);
  });
});
