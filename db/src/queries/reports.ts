import type { ReportReason, ReportStatus } from '@vitrine/domain/constants';
import type { Tx } from '../sql';

/** Writes of reports (filing, deciding, deleting) and the reads commands need. The admin lists live in moderation.ts. Pass the pool or a transaction. */
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


    /** Sets a report's status and notes, and whether the report hid its project. */
    async updateReport(id: number, change: { status: ReportStatus; adminNotes: string | null; isHidden: boolean }): Promise<void> {
      await sql`
        UPDATE reports SET status = ${change.status}, admin_notes = ${change.adminNotes}, is_hidden = ${change.isHidden},
                           updated_at = now()
        WHERE id = ${id}`;
    },

    /** Deletes a report; answers its project's id (undefined when it was gone). */
    async deleteReport(id: number): Promise<number | undefined> {
      const [row] = await sql<{ projectId: number }[]>`DELETE FROM reports WHERE id = ${id} RETURNING project_id`;
      return row?.projectId;
    },
  };
}
