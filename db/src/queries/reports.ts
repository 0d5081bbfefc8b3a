import type { ReportReason, ReportStatus } from '@vitrine/domain/constants';
import type { Tx } from '../sql';
import { hasStanding, type Standing } from './standing';

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
      /** The reporter's network (an IPv4 address, an IPv6 /64): reports from one network count once toward the auto-hide. */
      reporterNetwork: string;
      reason: ReportReason;
      additionalDetails: string | null;
    }): Promise<number | undefined> {
      const [row] = await sql<{ id: number }[]>`
        INSERT INTO reports (project_id, reporter_user_id, reporter_ip, reporter_network, reason, additional_details)
        VALUES (${input.projectId}, ${input.reporterUserId}, ${input.reporterIp}, ${input.reporterNetwork}, ${input.reason}, ${input.additionalDetails})
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

    /**
     * How many pending reports on the project count toward the auto-hide: from reporters
     * other than the owner whose account is at least `minAgeDays` old and who cast at least
     * `minActions` votes, ratings and projects together, one per network (each pending report is from
     * a different member already, so distinct networks are distinct members too).
     */
    async countHideReports(projectId: number, standing: Standing): Promise<number> {
      const [row] = await sql<{ n: number }[]>`
        SELECT count(DISTINCT coalesce(r.reporter_network, r.reporter_ip))::int AS n
        FROM reports r
        JOIN projects p ON p.id = r.project_id
        JOIN users u ON u.id = r.reporter_user_id
        WHERE r.project_id = ${projectId} AND r.status = 'pending'
          AND u.id IS DISTINCT FROM p.user_id
          AND ${hasStanding(sql, 'u', standing)}`;
      return row!.n;
    },

    /** Sets a report's status and notes, and whether the report hid its project. */
    async updateReport(
      id: number,
      change: { status: ReportStatus; adminNotes: string | null; isHidden: boolean },
    ): Promise<void> {
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
