import type { RequestSort } from '@vitrine/domain/test-requests';
import { REQUEST_PAGE_SIZE } from '@vitrine/domain/test-requests';
import { apiKey, endpoints, type QueryOf } from '../../../lib/api';

/** The filters of /test-requests. */
export interface RequestFilters {
  skill: string;
  category: string;
  sort: RequestSort;
}

/** GET /api/test-requests key of the first page (Load More reads the page its Link names). */
export function requestListKey(filters: RequestFilters) {
  // The category select offers the categories only ('' is every category: left out of the URL).
  const category = (filters.category || undefined) as QueryOf<typeof endpoints.testRequests.list>['category'];
  return apiKey(endpoints.testRequests.list, {
    query: { sort: filters.sort, limit: REQUEST_PAGE_SIZE, skill: filters.skill.trim(), category },
  });
}

/** GET /api/test-requests/{id} */
export const requestKey = (id: number | string) => apiKey(endpoints.testRequests.detail, { params: { id } });
/** GET /api/projects/{id}/test-request */
export const projectRequestKey = (projectId: number | string) =>
  apiKey(endpoints.testRequests.ofProject, { params: { id: projectId } });
/** GET /api/users/{username}/ratings */
export const userRatingsKey = (username: string) => apiKey(endpoints.userRatings.ofUser, { params: { username } });
