/**
 * Live-or-down checks of hosted projects: the health states and how one check moves them
 * (docs/architecture.md "Liveness"). The worker checks; the API and the web show the result.
 */

/** up: the last check answered; down: failing repeatedly; unknown: not (yet) judged; blocked: the address is refused. */
export const HEALTH_STATUSES = ['up', 'down', 'unknown', 'blocked'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

/** What one check found. */
export const CHECK_OUTCOMES = ['up', 'fail', 'blocked'] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

/** Days of check results kept and shown (uptime, sparkline). */
export const HEALTH_HISTORY_DAYS = 30;
/** An owner may ask for a check of their project once per this many seconds. */
export const CHECK_NOW_EVERY_SECONDS = 5 * 60;
/** Redirects a check follows at most. */
export const CHECK_MAX_REDIRECTS = 5;
/** Checks of one host running at once, at most (per worker process). */
export const CHECKS_PER_HOST = 2;

/** A project's health as project_health keeps it. */
export interface HealthState {
  status: HealthStatus;
  /** When the status began (down: the first failure of the streak). */
  since: Date;
  /** Failures in a row. */
  failures: number;
  /** When the current run of failures began; null while the last check did not fail. */
  failingSince: Date | null;
}

/** A project never checked. */
export function initialHealth(now: Date): HealthState {
  return { status: 'unknown', since: now, failures: 0, failingSince: null };
}

/**
 * The health after a check with `outcome` at `now`: `failuresToDown` failures in a row make a project
 * down (since the first of them); one answer makes it up again; a refused address is blocked. Fewer
 * failures keep the status (a blocked project turns unknown).
 */
export function nextHealth(prev: HealthState, outcome: CheckOutcome, now: Date, failuresToDown: number): HealthState {
  const keepSince = (status: HealthStatus, since: Date) => (prev.status === status ? prev.since : since);
  if (outcome === 'up') return { status: 'up', since: keepSince('up', now), failures: 0, failingSince: null };
  if (outcome === 'blocked')
    return { status: 'blocked', since: keepSince('blocked', now), failures: 0, failingSince: null };
  const failures = prev.failures + 1;
  const failingSince = prev.failingSince ?? now;
  if (failures >= failuresToDown)
    return { status: 'down', since: keepSince('down', failingSince), failures, failingSince };
  const status = prev.status === 'blocked' ? 'unknown' : prev.status;
  return { status, since: keepSince(status, now), failures, failingSince };
}

/** Share of answered checks among the up and failed ones (blocked ones left out), 0..1; null without any. */
export function uptimeShare(up: number, failed: number): number | null {
  return up + failed === 0 ? null : up / (up + failed);
}
