import type { ReportStatus } from '@vitrine/domain/constants';

/** GET /api/admin/users */
export const ADMIN_USERS_KEY = '/api/admin/users';
/** GET /api/admin/projects (every project, hidden ones included) */
export const ADMIN_PROJECTS_KEY = '/api/admin/projects';

/** An admin list's key with its search, if any: `/api/admin/users?q=ada`. */
export function withSearch(key: string, q: string): string {
  return q ? `${key}?${new URLSearchParams({ q })}` : key;
}
/** GET /api/admin/reports?status={status} */
export function adminReportsKey(status: ReportStatus): string {
  return `/api/admin/reports?status=${status}`;
}
