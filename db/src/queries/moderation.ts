import type { ReportReason, ReportStatus, Role } from '@vitrine/domain/constants';
import type { Tx } from '../sql';
import { keysetPage, pageOf, type Page, type PageRequest } from './paging';
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

/** A report with its project's title and visibility and the reporter's username. */
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

/** The admin Projects tab lists this many projects a page. */
export const ADMIN_PROJECT_LIMIT = 100;

/** A keyset query's rows before pageOf: each with its cursor. */
type Cursored<T> = Array<T & { pageCursorAt: string }>;

/**
 * Reads of the admin dashboard: users, every project, reports. Reads only: each table's writes live in
 * its own module (users.ts, projects.ts, reports.ts). Pass the pool or a transaction.
 */
export function makeModerationQueries(sql: Tx) {
  const userColumns = sql`id, username, email, is_admin, is_paused, role, is_verified, created_at`;
  const reportColumns = sql`
    r.id, r.project_id, p.title AS project_title, p.is_hidden AS project_hidden, r.reason,
    r.additional_details, u.username AS reporter_username, r.created_at, r.updated_at, r.status, r.admin_notes`;
  const reportFrom = sql`
    FROM reports r
    JOIN projects p ON p.id = r.project_id
    LEFT JOIN users u ON u.id = r.reporter_user_id`;
  const selectReport = sql`SELECT ${reportColumns} ${reportFrom}`;

  return {
    /** A page of every user, newest first; with `q`, of those whose username or email contains it. */
    async listUsers(q: string | undefined, page: PageRequest): Promise<Page<AdminUserRow>> {
      const pattern = q ? containsPattern(q) : null;
      const keyset = keysetPage(sql, 'users', page);
      return pageOf(
        await sql<Cursored<AdminUserRow>>`SELECT ${userColumns}, ${keyset.cursorColumn} FROM users
        WHERE ${pattern ? sql`(username ILIKE ${pattern} OR email ILIKE ${pattern})` : sql`true`} ${keyset.olderThan}
        ${keyset.order} ${keyset.limit}`,
        page,
      );
    },

    /** One user for the admin table. */
    async findAdminUser(id: number): Promise<AdminUserRow | undefined> {
      const [row] = await sql<AdminUserRow[]>`SELECT ${userColumns} FROM users WHERE id = ${id}`;
      return row;
    },

    /**
     * A page of every project, hidden ones included, newest first (the admin Projects tab; index
     * projects_all_idx); with `q`, of those whose title, description or tags contain it.
     */
    async listAllProjects(viewer: Viewer, opts: { q?: string }, page: PageRequest): Promise<Page<ProjectRow>> {
      const keyset = keysetPage(sql, 'p', page);
      return pageOf(
        await sql<Cursored<ProjectRow>>`
        SELECT ${projectColumns(sql, viewer)}, ${keyset.cursorColumn}
        FROM projects p LEFT JOIN users u ON u.id = p.user_id
        WHERE ${opts.q ? projectMatches(sql, opts.q) : sql`true`} ${keyset.olderThan}
        ${keyset.order} ${keyset.limit}`,
        page,
      );
    },

    /** A page of the reports with one status, newest first. */
    async listReports(status: ReportStatus, page: PageRequest): Promise<Page<AdminReportRow>> {
      const keyset = keysetPage(sql, 'r', page);
      return pageOf(
        await sql<Cursored<AdminReportRow>>`
        SELECT ${reportColumns}, ${keyset.cursorColumn} ${reportFrom}
        WHERE r.status = ${status} ${keyset.olderThan}
        ${keyset.order} ${keyset.limit}`,
        page,
      );
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
