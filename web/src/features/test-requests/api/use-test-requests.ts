import { useList } from '../../../hooks/use-list';
import { useApi } from '../../../hooks/use-api';
import { projectRequestKey, requestKey, requestListKey, userRatingsKey, type RequestFilters } from './keys';

/** A stable empty list while the first page loads. */
const NO_REQUESTS: never[] = [];

/** The /test-requests list with Load More (the page the last one's Link names); writes and pushes of 'testRequests' refetch it. */
export function useTestRequestList(filters: RequestFilters) {
  const list = useList(requestListKey(filters));
  const isLoadingMore = list.isLoading || list.isLoadingMore;
  return {
    items: list.data ?? NO_REQUESTS,
    error: list.error,
    isLoading: list.isLoading,
    hasMore: list.hasMore,
    isLoadingMore,
    loadMoreDisabled: list.isValidating || isLoadingMore,
    loadMore: list.loadMore,
    retry: () => void list.mutate(),
  };
}

/** GET /api/test-requests/{id} */
export function useTestRequest(id: number) {
  return useApi(requestKey(id));
}

/** GET /api/projects/{id}/test-request */
export function useProjectRequest(projectId: number) {
  return useApi(projectRequestKey(projectId));
}

/** GET /api/users/{username}/ratings */
export function useUserRatings(username: string) {
  return useApi(userRatingsKey(username));
}
