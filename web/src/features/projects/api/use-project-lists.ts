import type { LatestSort, LeaderboardRange, TrendingPeriod } from '@vitrine/domain/constants';
import type { LeaderboardEntry, Project } from '@vitrine/domain/answers';
import { followingKey, latestKey, leaderboardKey, TOP_CONTRIBUTORS_KEY, trendingKey } from './keys';
import { useWithViewerState } from './use-viewer-state';
import { useApi } from '../../../hooks/use-api';
import { useList } from '../../../hooks/use-list';
import type { ApiKey } from '../../../lib/api';

/** What a paged list offers its screen: items, the Load More state, and its states. */
export interface PagedList<T> {
  items: T[];
  isLoading: boolean;
  error: unknown;
  hasMore: boolean;
  loadMoreDisabled: boolean;
  isLoadingMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/** A stable empty list while the first page loads. */
const NO_PROJECTS: Project[] = [];

/**
 * A list of project cards with Load More (the page the last one's Link names), the viewer's own state
 * laid over the shared cards. Writes and pushes of 'projects' (a burst settles first: lib/live-keys.ts)
 * refetch it. Nothing is read while `url` is null.
 */
function usePaged(url: ApiKey<Project[]> | null): PagedList<Project> {
  const list = useList(url);
  const isLoadingMore = list.isLoading || list.isLoadingMore;
  return {
    items: useWithViewerState(list.data ?? NO_PROJECTS),
    isLoading: list.isLoading,
    error: list.error,
    hasMore: list.hasMore,
    loadMoreDisabled: list.isValidating || isLoadingMore || !list.hasMore,
    isLoadingMore,
    loadMore: list.loadMore,
    retry: () => void list.mutate(),
  };
}

/** Latest Submissions, sorted by the server, optionally narrowed by a search. */
export function useLatestProjects(sort: LatestSort, q = ''): PagedList<Project> {
  return usePaged(latestKey(sort, q));
}

/** Trending Projects for a period. */
export function useTrendingProjects(period: TrendingPeriod): PagedList<Project> {
  return usePaged(trendingKey(period));
}

/** Following: the projects of the makers the signed-in member follows (nothing is read while `enabled` is false). */
export function useFollowingProjects(enabled: boolean): PagedList<Project> {
  return usePaged(enabled ? followingKey() : null);
}

/** The leaderboard for a time range, with the viewer's own state laid over the shared entries. */
export function useLeaderboard(range: LeaderboardRange) {
  const result = useApi(leaderboardKey(range));
  const entries = useWithViewerState(result.data ?? NO_ENTRIES);
  return { ...result, data: result.data ? entries : undefined };
}

/** A stable empty list while the leaderboard loads. */
const NO_ENTRIES: LeaderboardEntry[] = [];

/** The Top Contributors panel (server data). */
export function useTopContributors() {
  return useApi(TOP_CONTRIBUTORS_KEY);
}
