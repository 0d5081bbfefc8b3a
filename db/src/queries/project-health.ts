import { HEALTH_HISTORY_DAYS, type CheckOutcome, type HealthState, type HealthStatus } from '@vitrine/domain/liveness';
import type { Tx } from '../sql';

/** A project the liveness checks look at. */
export interface CheckTarget {
  id: number;
  replitUrl: string;
  userId: number | null;
  isHidden: boolean;
}

/** One check's result, as the worker records it. */
export interface CheckRecord {
  outcome: CheckOutcome;
  httpStatus: number | null;
  latencyMs: number | null;
  error: string | null;
}

/** A project's health as the project page shows it (migration 0024). */
export interface HealthRow {
  status: HealthStatus;
  since: Date;
  checkedAt: Date | null;
  latencyMs: number | null;
  /** Checks of the last HEALTH_HISTORY_DAYS that answered and that failed (blocked ones not counted). */
  upChecks: number;
  failedChecks: number;
}

/** One stored check, oldest first in a history. */
export interface CheckRow {
  checkedAt: Date;
  outcome: CheckOutcome;
  httpStatus: number | null;
  latencyMs: number | null;
}

/** The history window as SQL. */
const historyStart = (sql: Tx) => sql`now() - make_interval(days => ${HEALTH_HISTORY_DAYS}::int)`;

/**
 * How many checks of projects row `p` over the history window had `outcome` (index
 * project_checks_project_idx); badges.ts composes it into the badge's snapshot.
 */
export function checksOfProjectColumn(sql: Tx, outcome: CheckOutcome) {
  return sql`(SELECT count(*)::int FROM project_checks c
    WHERE c.project_id = p.id AND c.checked_at > ${historyStart(sql)} AND c.outcome = ${outcome})`;
}

/** Queries on project_health and project_checks: the live-or-down state of each project and its checks. */
export function makeProjectHealthQueries(sql: Tx) {
  return {
    /** Visible projects with ids after `afterId`, in id order (a range scan of the primary key). */
    async listTargets(afterId: number, limit: number): Promise<CheckTarget[]> {
      return sql<CheckTarget[]>`
        SELECT id, replit_url, user_id, is_hidden FROM projects
        WHERE id > ${afterId} AND NOT is_hidden ORDER BY id LIMIT ${limit}`;
    },
    /** One project to check, or undefined when it is gone. */
    async findTarget(projectId: number): Promise<CheckTarget | undefined> {
      const [row] = await sql<CheckTarget[]>`
        SELECT id, replit_url, user_id, is_hidden FROM projects WHERE id = ${projectId}`;
      return row;
    },
    /** The project's health, locked for the check being recorded (a row is made for a project never checked). */
    async lockState(projectId: number): Promise<HealthState> {
      await sql`INSERT INTO project_health (project_id) VALUES (${projectId}) ON CONFLICT (project_id) DO NOTHING`;
      const [row] = await sql<HealthState[]>`
        SELECT status, since, failures, failing_since FROM project_health WHERE project_id = ${projectId} FOR UPDATE`;
      return row!;
    },
    /** Stores a check and the health it leads to. */
    async recordCheck(projectId: number, check: CheckRecord, next: HealthState, at: Date): Promise<void> {
      await sql`
        INSERT INTO project_checks (project_id, checked_at, outcome, http_status, latency_ms, error)
        VALUES (${projectId}, ${at}, ${check.outcome}, ${check.httpStatus}, ${check.latencyMs}, ${check.error})`;
      await sql`
        UPDATE project_health SET status = ${next.status}, since = ${next.since}, failures = ${next.failures},
          failing_since = ${next.failingSince}, checked_at = ${at}, latency_ms = ${check.latencyMs}
        WHERE project_id = ${projectId}`;
    },
    /**
     * Notes an owner's request for a check now; false when the last one is younger than `everySeconds`
     * (the request is refused).
     */
    async requestCheck(projectId: number, everySeconds: number): Promise<boolean> {
      const rows = await sql`
        INSERT INTO project_health (project_id, check_requested_at) VALUES (${projectId}, now())
        ON CONFLICT (project_id) DO UPDATE SET check_requested_at = now()
        WHERE project_health.check_requested_at IS NULL
           OR project_health.check_requested_at <= now() - make_interval(secs => ${everySeconds})
        RETURNING project_id`;
      return rows.length > 0;
    },
    /** The project's health and its uptime counts over the history window (index project_checks_project_idx). */
    async findHealth(projectId: number): Promise<HealthRow> {
      const [row] = await sql<
        (Omit<HealthRow, 'status' | 'since'> & { status: HealthStatus | null; since: Date | null })[]
      >`
        SELECT h.status, h.since, h.checked_at, h.latency_ms,
          (SELECT count(*)::int FROM project_checks c
            WHERE c.project_id = ${projectId} AND c.checked_at > ${historyStart(sql)} AND c.outcome = 'up') AS up_checks,
          (SELECT count(*)::int FROM project_checks c
            WHERE c.project_id = ${projectId} AND c.checked_at > ${historyStart(sql)} AND c.outcome = 'fail') AS failed_checks
        FROM (SELECT 1) one LEFT JOIN project_health h ON h.project_id = ${projectId}`;
      return { ...row!, status: row!.status ?? 'unknown', since: row!.since ?? new Date(0) };
    },
    /** The checks of the history window, oldest first (at most one per few minutes: bounded). */
    async listChecks(projectId: number): Promise<CheckRow[]> {
      return sql<CheckRow[]>`
        SELECT checked_at, outcome, http_status, latency_ms FROM project_checks
        WHERE project_id = ${projectId} AND checked_at > ${historyStart(sql)}
        ORDER BY checked_at`;
    },
    /** Deletes checks older than the history window, at most `limit` a call; answers how many went. */
    async pruneChecks(limit = 10_000): Promise<number> {
      const rows = await sql`
        DELETE FROM project_checks WHERE id = ANY(ARRAY(
          SELECT id FROM project_checks WHERE checked_at <= ${historyStart(sql)} ORDER BY checked_at LIMIT ${limit}))
        RETURNING id`;
      return rows.length;
    },
  };
}
