import { describe, expect, it } from 'vitest';
import { initialHealth, nextHealth, uptimeShare, type CheckOutcome, type HealthState } from './liveness';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
/** The states after each outcome in turn, one check a minute from minute 1. */
function run(outcomes: CheckOutcome[], start: HealthState = initialHealth(at(0))): HealthState[] {
  const states: HealthState[] = [];
  let state = start;
  outcomes.forEach((outcome, i) => {
    state = nextHealth(state, outcome, at(i + 1), 3);
    states.push(state);
  });
  return states;
}

describe('nextHealth', () => {
  it('is down after 3 failures in a row, since the first of them, and up again after one answer', () => {
    const states = run(['up', 'fail', 'fail', 'fail', 'fail', 'up']);
    expect(states.map((s) => s.status)).toEqual(['up', 'up', 'up', 'down', 'down', 'up']);
    expect(states[3]!.since).toEqual(at(2));
    expect(states[4]!.since).toEqual(at(2));
    expect(states[5]).toEqual({ status: 'up', since: at(6), failures: 0, failingSince: null });
  });

  it('starts the count again after an answer', () => {
    expect(run(['fail', 'fail', 'up', 'fail', 'fail']).map((s) => s.status)).toEqual([
      'unknown',
      'unknown',
      'up',
      'up',
      'up',
    ]);
  });

  it('calls a refused address blocked, and unknown once it fails instead', () => {
    const states = run(['blocked', 'blocked', 'fail']);
    expect(states.map((s) => s.status)).toEqual(['blocked', 'blocked', 'unknown']);
    expect(states[1]!.since).toEqual(at(1));
  });
});

describe('uptimeShare', () => {
  it('is the share of answered checks, null without any', () => {
    expect(uptimeShare(3, 1)).toBe(0.75);
    expect(uptimeShare(0, 0)).toBeNull();
  });
});
