import { describe, expect, it } from 'vitest';
import {
  REQUEST_STATUSES,
  joiningOpen,
  nextStatuses,
  ratingEditableUntil,
  transitionRefusal,
  canTest,
} from './test-requests';

describe('transitionRefusal', () => {
  const allowed = new Set(['open>in_progress', 'open>cancelled', 'in_progress>completed', 'in_progress>cancelled']);
  for (const from of REQUEST_STATUSES) {
    for (const to of REQUEST_STATUSES) {
      const key = `${from}>${to}`;
      it(`${key} is ${allowed.has(key) ? 'allowed' : 'refused'}`, () => {
        const refusal = transitionRefusal(from, to);
        if (allowed.has(key)) expect(refusal).toBeNull();
        else expect(refusal).toMatch(/test request/);
      });
    }
  }

  it('explains why a finished request cannot change', () => {
    expect(transitionRefusal('completed', 'open')).toBe('This test request is completed and can no longer change');
    expect(transitionRefusal('open', 'completed')).toBe('A test request cannot move from open to completed');
    expect(transitionRefusal('open', 'open')).toBe('This test request is already open');
  });

  it('lists the next statuses', () => {
    expect(nextStatuses('open')).toEqual(['in_progress', 'cancelled']);
    expect(nextStatuses('cancelled')).toEqual([]);
  });
});

describe('joiningOpen', () => {
  const now = new Date('2026-01-10T00:00:00Z');
  it('needs an open request before its deadline', () => {
    expect(joiningOpen({ status: 'open', deadline: null }, now)).toBe(true);
    expect(joiningOpen({ status: 'open', deadline: '2026-01-11T00:00:00Z' }, now)).toBe(true);
    expect(joiningOpen({ status: 'open', deadline: '2026-01-09T00:00:00Z' }, now)).toBe(false);
    expect(joiningOpen({ status: 'in_progress', deadline: null }, now)).toBe(false);
  });
  it('lets testers and both test', () => {
    expect(canTest('tester')).toBe(true);
    expect(canTest('both')).toBe(true);
    expect(canTest('developer')).toBe(false);
  });
});

describe('ratingEditableUntil', () => {
  it('is USER_RATING_EDIT_DAYS (7) days after the rating was given, to the millisecond', () => {
    expect(ratingEditableUntil(new Date('2026-01-10T08:30:15.250Z')).toISOString()).toBe('2026-01-17T08:30:15.250Z');
    expect(ratingEditableUntil(new Date('2026-12-28T23:00:00Z')).toISOString()).toBe('2027-01-04T23:00:00.000Z');
  });
});
