import type { AdminReportRow, AdminUserRow } from '@vitrine/db/queries/moderation';
import type { AdminReport, AdminUser } from '@vitrine/domain/answers';

/** A row of the admin users table (never the password hash). */
export function presentAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    isAdmin: row.isAdmin,
    isPaused: row.isPaused,
    role: row.role,
    isVerified: row.isVerified,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A row of the admin reports table (plus whether the project is hidden). */
export function presentAdminReport(row: AdminReportRow): AdminReport {
  return {
    id: row.id,
    projectId: row.projectId,
    projectTitle: row.projectTitle,
    projectHidden: row.projectHidden,
    reason: row.reason,
    additionalDetails: row.additionalDetails,
    reporterUsername: row.reporterUsername,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    adminNotes: row.adminNotes,
  };
}
