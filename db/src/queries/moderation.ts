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

/** Queries of the admin dashboard: users, project visibility and deletion, reports. Pass the pool or a transaction. */
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

    /** Grants or removes admin; a new admin is unpaused (admins cannot be paused). */
    async setAdmin(id: number, isAdmin: boolean): Promise<AdminUserRow | undefined> {
      const [row] = await sql<AdminUserRow[]>`
        UPDATE users SET is_admin = ${isAdmin}, is_paused = CASE WHEN ${isAdmin}::boolean THEN false ELSE is_paused END
        WHERE id = ${id}
        RETURNING id, username, email, is_admin, is_paused, role, is_verified, created_at`;
      return row;
    },

    /** Pauses or unpauses a user who is not an admin; answers nothing when the user is missing or an admin. */
    async setPaused(id: number, isPaused: boolean): Promise<AdminUserRow | undefined> {
      const [row] = await sql<AdminUserRow[]>`
        UPDATE users SET is_paused = ${isPaused}
        WHERE id = ${id} AND (NOT is_admin OR NOT ${isPaused}::boolean)
        RETURNING id, username, email, is_admin, is_paused, role, is_verified, created_at`;
      return row;
    },

    /**
     * Deletes a user; their projects (and those projects' votes, ratings, reports) go by cascade, and so
     * do their votes and ratings on other projects, whose counters are corrected here in the same
     * transaction. Answers the deleted and the corrected project ids, or null if there was no such user.
     */
    async deleteUser(id: number): Promise<{ deletedProjectIds: number[]; updatedProjectIds: number[] } | null> {
      const owned = await sql<{ id: number }[]>`SELECT id FROM projects WHERE user_id = ${id} ORDER BY id`;
      const voted = await sql<{ projectId: number; n: number }[]>`
        SELECT v.project_id, count(*)::int AS n FROM votes v JOIN projects p ON p.id = v.project_id
        WHERE v.user_id = ${id} AND p.user_id IS DISTINCT FROM ${id} GROUP BY v.project_id`;
      const rated = await sql<{ projectId: number }[]>`
        SELECT DISTINCT r.project_id FROM ratings r JOIN projects p ON p.id = r.project_id
        WHERE r.user_id = ${id} AND p.user_id IS DISTINCT FROM ${id}`;
      const deleted = await sql`DELETE FROM users WHERE id = ${id} RETURNING id`;
      if (deleted.length === 0) return null;
      for (const v of voted) {
        await sql`UPDATE projects SET votes = GREATEST(votes - ${v.n}, 0) WHERE id = ${v.projectId}`;
      }
      const ratedIds = rated.map((r) => r.projectId);
      if (ratedIds.length > 0) {
        await sql`
          UPDATE projects p
          SET total_ratings = s.total, average_rating = s.average
          FROM (
            SELECT p2.id, count(r.id)::int AS total, coalesce(round(avg(r.rating), 1), 0) AS average
            FROM projects p2 LEFT JOIN ratings r ON r.project_id = p2.id
            WHERE p2.id = ANY(${ratedIds}::int[])
            GROUP BY p2.id
          ) s
          WHERE p.id = s.id`;
      }
      const updated = [...new Set([...voted.map((v) => v.projectId), ...ratedIds])].sort((a, b) => a - b);
      return { deletedProjectIds: owned.map((p) => p.id), updatedProjectIds: updated };
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

    /** Deletes a project; answers whether it existed. */
    async deleteProject(id: number): Promise<boolean> {
      const rows = await sql`DELETE FROM projects WHERE id = ${id} RETURNING id`;
      return rows.length > 0;
    },

    /** Hides or shows a project; answers whether it existed. */
    async setProjectHidden(id: number, hidden: boolean): Promise<boolean> {
      const rows = await sql`UPDATE projects SET is_hidden = ${hidden} WHERE id = ${id} RETURNING id`;
      return rows.length > 0;
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

    /** Sets a report's status and notes, and whether the report hid its project. */
    async updateReport(id: number, change: { status: ReportStatus; adminNotes: string | null; isHidden: boolean }): Promise<void> {
      await sql`
        UPDATE reports SET status = ${change.status}, admin_notes = ${change.adminNotes}, is_hidden = ${change.isHidden},
                           updated_at = now()
        WHERE id = ${id}`;
    },

    /** Deletes a report and takes it off its project's report count. */
    async deleteReport(id: number): Promise<void> {
      const [row] = await sql<{ projectId: number }[]>`DELETE FROM reports WHERE id = ${id} RETURNING project_id`;
      if (row) await sql`UPDATE projects SET report_count = GREATEST(report_count - 1, 0) WHERE id = ${row.projectId}`;
    },
  };
}
