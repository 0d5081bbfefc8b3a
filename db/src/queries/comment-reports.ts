import type { ReportReason, ReportStatus } from '@vitrine/domain/constants';
import type { Tx } from '../sql';
import { keysetPage, pageOf, type Page, type PageRequest } from './paging';
import { hasStanding, type Standing } from './standing';

/** A comment report as the admins' queue lists it: its project, reporter and reported comment's id. */
export interface AdminCommentReportRow {
  id: number;
  commentId: number;
  projectId: number;
  projectTitle: string;
  reason: ReportReason;
  additionalDetails: string | null;
  reporterUsername: string | null;
  createdAt: Date;
  status: ReportStatus;
}

/** The select list of an AdminCommentReportRow (`r` the report). */
const adminReportColumns = (sql: Tx) => sql`
  r.id, r.comment_id, c.project_id, p.title AS project_title, r.reason, r.additional_details,
  u.username AS reporter_username, r.created_at, r.status`;

/** The joins an AdminCommentReportRow reads. */
const adminReportFrom = (sql: Tx) => sql`
  FROM comment_reports r
  JOIN comments c ON c.id = r.comment_id
  JOIN projects p ON p.id = c.project_id
  LEFT JOIN users u ON u.id = r.reporter_user_id`;

/** Writes of comment reports and the reads their commands need. Pass the pool or a transaction. */
export function makeCommentReportQueries(sql: Tx) {
  return {
    /**
     * Files a pending report of a comment; undefined when this member already has a pending report on
     * it (the partial unique index comment_reports_open_key decides, also under concurrency).
     */
    async insertReport(input: {
      commentId: number;
      reporterUserId: number;
      /** The reporter's network (an IPv4 address, an IPv6 /64): one network counts once toward the auto-hide. */
      reporterNetwork: string;
      reason: ReportReason;
      additionalDetails: string | null;
    }): Promise<number | undefined> {
      const [row] = await sql<{ id: number }[]>`
        INSERT INTO comment_reports (comment_id, reporter_user_id, reporter_network, reason, additional_details)
        VALUES (${input.commentId}, ${input.reporterUserId}, ${input.reporterNetwork}, ${input.reason}, ${input.additionalDetails})
        ON CONFLICT DO NOTHING
        RETURNING id`;
      return row?.id;
    },

    /** A page of the reports with one status, newest first (index comment_reports_status_idx). */
    async listForAdmin(status: ReportStatus, page: PageRequest): Promise<Page<AdminCommentReportRow>> {
      const keyset = keysetPage(sql, 'r', page);
      return pageOf(
        await sql<Array<AdminCommentReportRow & { pageCursorAt: string }>>`
        SELECT ${adminReportColumns(sql)}, ${keyset.cursorColumn} ${adminReportFrom(sql)}
        WHERE r.status = ${status} ${keyset.olderThan}
        ${keyset.order} ${keyset.limit}`,
        page,
      );
    },

    /** One report for the admins, locked for the rest of the transaction when `forUpdate`. */
    async findForAdmin(id: number, forUpdate = false): Promise<AdminCommentReportRow | undefined> {
      const select = sql`SELECT ${adminReportColumns(sql)} ${adminReportFrom(sql)} WHERE r.id = ${id}`;
      const [row] = forUpdate
        ? await sql<AdminCommentReportRow[]>`${select} FOR UPDATE OF r`
        : await sql<AdminCommentReportRow[]>`${select}`;
      return row;
    },

    /** Sets a report's status (an admin's decision). */
    async setStatus(id: number, status: ReportStatus): Promise<void> {
      await sql`UPDATE comment_reports SET status = ${status} WHERE id = ${id}`;
    },

    /**
     * How many pending reports of the comment count toward its auto-hide: from reporters other than
     * its author, with standing (standing.ts), one per network; the rule of project reports (reports.ts).
     */
    async countHideReports(commentId: number, standing: Standing): Promise<number> {
      const [row] = await sql<{ n: number }[]>`
        SELECT count(DISTINCT r.reporter_network)::int AS n
        FROM comment_reports r
        JOIN comments c ON c.id = r.comment_id
        JOIN users u ON u.id = r.reporter_user_id
        WHERE r.comment_id = ${commentId} AND r.status = 'pending'
          AND u.id IS DISTINCT FROM c.author_id
          AND ${hasStanding(sql, 'u', standing)}`;
      return row!.n;
    },
  };
}
