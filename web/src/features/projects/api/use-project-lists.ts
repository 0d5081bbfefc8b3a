import { useEffect, useMemo } from 'react';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { LatestSort, LeaderboardRange, TrendingPeriod } from '@vitrine/domain/constants';
import type { LeaderboardEntry, Project, TopContributor } from '@vitrine/domain/answers';
import { followingKey, latestKey, leaderboardKey, loadMoreState, TOP_CONTRIBUTORS_KEY, trendingKey } from './keys';
import { useWithViewerState } from './use-viewer-state';
import { registerPagedList } from '../../../lib/revalidate';

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

/** `usePaged`'s `getKey` when the list is not to be read (a member's own list while signed out). */
const NOT_READ = () => null;

function usePaged<T extends Project>(getKey: (pageIndex: number, previous: T[] | null) => string | null): PagedList<T> {
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite<T[]>(
    (pageIndex, previous: T[] | null) => (previous && previous.length === 0 ? null : getKey(pageIndex, previous)),
    { revalidateFirstPage: false, persistSize: false },
  );
  // Writes and pushes of 'projects' (a burst settles first: lib/live-keys.ts) reach the list through this.
  const firstUrl = getKey(0, null);
  useEffect(() => (firstUrl === null ? undefined : registerPagedList(firstUrl, () => mutate())), [firstUrl, mutate]);
  const isLoadingMore = isLoading || (size > 0 && data !== undefined && data[size - 1] === undefined);
  const { hasMore, disabled } = loadMoreState(data, isValidating || isLoadingMore);
  const shared = useMemo(() => (data ? data.flat() : []), [data]);
  return {
    items: useWithViewerState(shared),
    isLoading,
    error,
    hasMore,
    loadMoreDisabled: disabled,
    isLoadingMore,
    loadMore: () => void setSize(size + 1),
    retry: () => void mutate(),
  };
}

/** Latest Submissions, sorted by the server, optionally narrowed by a search. */
export function useLatestProjects(sort: LatestSort, q = ''): PagedList<Project> {
  // Load More asks for the page after the last project shown (keyset), never for a deep offset.
  return usePaged<Project>((pageIndex, previous) => latestKey(sort, pageIndex, q, previous?.at(-1)?.id));
}

/** Trending Projects for a period. */
export function useTrendingProjects(period: TrendingPeriod): PagedList<Project> {
  // Load More asks for the page after the last project shown (keyset), never for a deep offset.
  return usePaged<Project>((pageIndex, previous) => trendingKey(period, pageIndex, previous?.at(-1)?.id));
}

/** Following: the projects of the makers the signed-in member follows (nothing is read while `enabled` is false). */
export function useFollowingProjects(enabled: boolean): PagedList<Project> {
  // Load More asks for the page after the last project shown (keyset).
  return usePaged<Project>(enabled ? (_pageIndex, previous) => followingKey(previous?.at(-1)?.id) : NOT_READ);
}

/** The leaderboard for a time range, with the viewer's own state laid over the shared entries. */
export function useLeaderboard(range: LeaderboardRange) {
  const result = useSWR<LeaderboardEntry[]>(leaderboardKey(range));
  const entries = useWithViewerState(result.data ?? NO_ENTRIES);
  return { ...result, data: result.data ? entries : undefined };
}

/** A stable empty list while the leaderboard loads. */
const NO_ENTRIES: LeaderboardEntry[] = [];

/** The Top Contributors panel (server data). */
export function useTopContributors() {
  return useSWR<TopContributor[]>(TOP_CONTRIBUTORS_KEY);
}
