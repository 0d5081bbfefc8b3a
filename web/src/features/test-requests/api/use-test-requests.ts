import { useEffect } from 'react';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { REQUEST_PAGE_SIZE } from '@vitrine/domain/test-requests';
import type { TestRequestDetail, TestRequestView, UserRatingsAnswer } from '@vitrine/domain/answers';
import { registerPagedList } from '../../../lib/revalidate';
import { projectRequestKey, requestKey, requestListKey, userRatingsKey, type RequestFilters } from './keys';

/** The /test-requests list with Load More (a page shorter than the page size is the last). */
export function useTestRequestList(filters: RequestFilters) {
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite<TestRequestView[]>(
    (_pageIndex, previous: TestRequestView[] | null) =>
      previous && previous.length < REQUEST_PAGE_SIZE ? null : requestListKey(filters, previous?.at(-1)?.id),
    { revalidateFirstPage: false },
  );
  // Writes and pushes of 'testRequests' reach the list through this (lib/revalidate.ts).
  const firstUrl = requestListKey(filters);
  useEffect(() => registerPagedList(firstUrl, () => mutate()), [firstUrl, mutate]);
  const last = data?.[data.length - 1];
  const hasMore = last !== undefined && last.length === REQUEST_PAGE_SIZE;
  const isLoadingMore = isLoading || (size > 0 && data !== undefined && data[size - 1] === undefined);
  return {
    items: data ? data.flat() : [],
    error,
    isLoading,
    hasMore,
    isLoadingMore,
    loadMoreDisabled: isValidating || isLoadingMore,
    loadMore: () => void setSize(size + 1),
    retry: () => void mutate(),
  };
}

/** GET /api/test-requests/{id} */
export function useTestRequest(id: number) {
  return useSWR<TestRequestDetail>(requestKey(id));
}

/** GET /api/projects/{id}/test-request */
export function useProjectRequest(projectId: number) {
  return useSWR<{ request: TestRequestView | null }>(projectRequestKey(projectId));
}

/** GET /api/users/{username}/ratings */
export function useUserRatings(username: string) {
  return useSWR<UserRatingsAnswer>(userRatingsKey(username));
}
