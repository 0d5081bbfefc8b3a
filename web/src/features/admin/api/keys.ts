import type { ReportStatus } from '@vitrine/domain/constants';

/** GET /api/admin/users */
export const ADMIN_USERS_KEY = '/api/admin/users';
/** GET /api/admin/projects (every project, hidden ones included) */
export const ADMIN_PROJECTS_KEY = '/api/admin/projects';

/** An admin list's key with its search, if any: `/api/admin/users?q=ada`. */
export function withSearch(key: string, q: string): string {
  return q ? `${key}?${new URLSearchParams({ q })}` : key;
}
/** True for the users list under any search. */
export function isUsersKey(key: unknown): boolean {
  return typeof key === 'string' && (key === ADMIN_USERS_KEY || key.startsWith(`${ADMIN_USERS_KEY}?`));
}
/** GET /api/admin/reports?status={status} */
export function adminReportsKey(status: ReportStatus): string {
  return `/api/admin/reports?status=${status}`;
}
/** True for every report list key, whatever its status. */
export function isReportsKey(key: unknown): boolean {
  return typeof key === 'string' && key.startsWith('/api/admin/reports');
}
/** Public project lists and pages change when a project is hidden or deleted. */
export function isProjectsKey(key: unknown): boolean {
  return typeof key === 'string' && (key.startsWith(ADMIN_PROJECTS_KEY) || key.startsWith('/api/projects'));
}

/**
 * The app's SWR defaults never revalidate cached data on mount (spec §7), and a push or a write made
 * while this list was not on screen cannot reach it; moderation and inbox lists refetch when they
 * mount, showing the cached rows meanwhile.
 */
export const FRESH_ON_MOUNT = { revalidateOnMount: true } as const;
