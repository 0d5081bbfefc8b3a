import type { ReportReason } from '@vitrine/domain/constants';
import type { Tx } from '../sql';

/** Queries on reports made by members (admin moderation lives with the admin queries). Pass the pool or a transaction. */
export function makeReportQueries(sql: Tx) {
  return {
    /**
     * Files a pending report; undefined when this member already has a pending report on the project
     * (the partial unique index reports_open_key decides, also under concurrency).
     */
    async insertReport(input: {
      projectId: number;
      reporterUserId: number;
      reporterIp: string;
      reason: ReportReason;
      additionalDetails: string | null;
    }): Promise<number | undefined> {
      const [row] = await sql<{ id: number }[]>`
        INSERT INTO reports (project_id, reporter_user_id, reporter_ip, reason, additional_details)
        VALUES (${input.projectId}, ${input.reporterUserId}, ${input.reporterIp}, ${input.reason}, ${input.additionalDetails})
        ON CONFLICT DO NOTHING
        RETURNING id`;
      return row?.id;
    },

    /** Adds one to the project's report counter; the new count. */
    async incrementReportCount(projectId: number): Promise<number> {
      const [row] = await sql<{ reportCount: number }[]>`
        UPDATE projects SET report_count = report_count + 1 WHERE id = ${projectId} RETURNING report_count`;
      return row!.reportCount;
    },

    /** A report's id, project and project title (the admins' live push); undefined when gone. */
    async findReportHeadline(id: number): Promise<{ id: number; projectId: number; projectTitle: string } | undefined> {
      const [row] = await sql<{ projectId: number; projectTitle: string }[]>`
        SELECT r.project_id, p.title AS project_title FROM reports r JOIN projects p ON p.id = r.project_id WHERE r.id = ${id}`;
      return row ? { id, projectId: row.projectId, projectTitle: row.projectTitle } : undefined;
    },

    /** How many different members have a pending report on the project. */
    async countPendingReporters(projectId: number): Promise<number> {
      const [row] = await sql<{ n: number }[]>`
        SELECT count(DISTINCT reporter_user_id)::int AS n FROM reports
        WHERE project_id = ${projectId} AND status = 'pending' AND reporter_user_id IS NOT NULL`;
      return row!.n;
    },

    /** Hides a visible project; false when it was already hidden (or is gone). */
    async hideProject(projectId: number): Promise<boolean> {
      const rows = await sql`UPDATE projects SET is_hidden = true WHERE id = ${projectId} AND NOT is_hidden RETURNING id`;
      return rows.length > 0;
    },
  };
}
