import type { CheckRow, HealthRow } from '@vitrine/db/queries/project-health';
import type { ProjectHealth, ProjectHealthHistory } from '@vitrine/domain/answers';
import { uptimeShare } from '@vitrine/domain/liveness';

/** A project's health as its page shows it (never checked: unknown, no times). */
export function presentHealth(row: HealthRow): ProjectHealth {
  return {
    status: row.status,
    since: row.checkedAt === null && row.status === 'unknown' ? null : row.since.toISOString(),
    checkedAt: row.checkedAt?.toISOString() ?? null,
    uptime30d: uptimeShare(row.upChecks, row.failedChecks),
    latencyMs: row.latencyMs,
  };
}

/** GET /api/projects/{id}/health: the health and the checks of the last 30 days. */
export function presentHealthHistory(row: HealthRow, checks: CheckRow[]): ProjectHealthHistory {
  return {
    ...presentHealth(row),
    checks: checks.map((c) => ({ at: c.checkedAt.toISOString(), outcome: c.outcome, latencyMs: c.latencyMs })),
  };
}
