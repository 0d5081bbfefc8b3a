import type { ReportReason, ReportStatus, Role } from '@vitrine/domain/constants';
import type { Tx } from '../sql';
import { containsPattern, projectColumns, projectMatches, type ProjectRow, type Viewer } from './projects';

/** A users row as the admin table lists it (no password hash). */
export interface AdminUserRow {
  id: number;
  username: string;
  email: string | null;
  isAdmin: boolean;
  isPaused: boolean;
  role: Role;
  isVerified: boolean;
  createdAt: Date;
}

/** A report with its project's title and visibility and the reporter's username (spec §3 "As listed for admin"). */
export interface AdminReportRow {
  id: number;
  projectId: number;
  projectTitle: string;
  projectHidden: boolean;
  reason: ReportReason;
  additionalDetails: string | null;
  reporterUsername: string | null;
  createdAt: Date;
  updatedAt: Date;
  status: ReportStatus;
  adminNotes: string | null;
}

/** The admin tables never list more than this many rows at once (newest first). */
export const ADMIN_LIST_LIMIT = 1000;
/** The admin Projects tab lists this many projects (spec §9: admin project list limit 100). */
export const ADMIN_PROJECT_LIMIT = 100;

/**
 * Reads of the admin dashboard: users, every project, reports. Reads only: each table's writes live in
 * its own module (users.ts, projects.ts, reports.ts). Pass the pool or a transaction.
 */
export function makeModerationQueries(sql: Tx) {
  const selectUser = sql`SELECT id, username, email, is_admin, is_paused, role, is_verified, created_at FROM users`;
  const selectReport = sql`
    SELECT r.id, r.project_id, p.title AS project_title, p.is_hidden AS project_hidden, r.reason,
           r.additional_details, u.username AS reporter_username, r.created_at, r.updated_at, r.status, r.admin_notes
    FROM reports r
    JOIN projects p ON p.id = r.project_id
    LEFT JOIN users u ON u.id = r.reporter_user_id`;

  return {
    /** Every user, newest first; with `q`, those whose username or email contains it. */
    async listUsers(q?: string): Promise<AdminUserRow[]> {
      const pattern = q ? containsPattern(q) : null;
      return sql<AdminUserRow[]>`${selectUser}
        ${pattern ? sql`WHERE username ILIKE ${pattern} OR email ILIKE ${pattern}` : sql``}
        ORDER BY created_at DESC, id DESC LIMIT ${ADMIN_LIST_LIMIT}`;
    },

    /** One user for the admin table. */
    async findAdminUser(id: number): Promise<AdminUserRow | undefined> {
      const [row] = await sql<AdminUserRow[]>`${selectUser} WHERE id = ${id}`;
      return row;
    },

    /**
     * Every project, hidden ones included, newest first (the admin Projects tab; index projects_all_idx);
     * with `q`, those whose title, description or tags contain it.
     */
    async listAllProjects(viewer: Viewer, opts: { q?: string } = {}): Promise<ProjectRow[]> {
      return sql<ProjectRow[]>`
        SELECT ${projectColumns(sql, viewer)}
        FROM projects p LEFT JOIN users u ON u.id = p.user_id
        ${opts.q ? sql`WHERE ${projectMatches(sql, opts.q)}` : sql``}
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT ${ADMIN_PROJECT_LIMIT}`;
    },

    /** Reports with one status, newest first. */
    async listReports(status: ReportStatus): Promise<AdminReportRow[]> {
      return sql<AdminReportRow[]>`${selectReport}
        WHERE r.status = ${status}
        ORDER BY r.created_at DESC, r.id DESC
        LIMIT ${ADMIN_LIST_LIMIT}`;
    },

    /** One report, locked for the rest of the transaction when `forUpdate`. */
    async findReport(id: number, forUpdate = false): Promise<AdminReportRow | undefined> {
      const [row] = forUpdate
        ? await sql<AdminReportRow[]>`${selectReport} WHERE r.id = ${id} FOR UPDATE OF r`
        : await sql<AdminReportRow[]>`${selectReport} WHERE r.id = ${id}`;
      return row;
    },

  };
}
