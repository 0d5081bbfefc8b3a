import type { RequestSort } from '@vitrine/domain/test-requests';
import { REQUEST_PAGE_SIZE } from '@vitrine/domain/test-requests';

/** The filters of /test-requests. */
export interface RequestFilters {
  skill: string;
  category: string;
  sort: RequestSort;
}

/** GET /api/test-requests key of one page: the first, or the one after request `after` (Load More by keyset). */
export function requestListKey(filters: RequestFilters, after?: number): string {
  const params = new URLSearchParams({ sort: filters.sort, limit: String(REQUEST_PAGE_SIZE) });
  if (after !== undefined) params.set('after', String(after));
  if (filters.skill.trim()) params.set('skill', filters.skill.trim());
  if (filters.category) params.set('category', filters.category);
  return `/api/test-requests?${params.toString()}`;
}

/** GET /api/test-requests/{id} */
export const requestKey = (id: number | string) => `/api/test-requests/${id}`;
/** GET /api/projects/{id}/test-request */
export const projectRequestKey = (projectId: number | string) => `/api/projects/${projectId}/test-request`;
/** GET /api/users/{username}/ratings */
export const userRatingsKey = (username: string) => `/api/users/${encodeURIComponent(username)}/ratings`;
