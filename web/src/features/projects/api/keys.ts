import {
  DEFAULT_LEADERBOARD_RANGE,
  DEFAULT_TRENDING_PERIOD,
  LATEST_SORTS,
  LEADERBOARD_RANGES,
  PAGE_SIZE,
  TRENDING_PERIODS,
  type LatestSort,
  type LeaderboardRange,
  type TrendingPeriod,
} from '@vitrine/domain/constants';
import type { SearchChoice } from '../../../hooks/use-search-choice';
import { apiKey, endpoints } from '../../../lib/api';

/**
 * SWR key of the first page of Latest (sorted by the server), narrowed by a search when `q` is not
 * blank. Load More reads the page its Link names (keyset: a deep page costs the server what the first does).
 */
export function latestKey(sort: LatestSort, q = '') {
  return apiKey(endpoints.projects.latest, { query: { offset: 0, limit: PAGE_SIZE, sort, q: q.trim() } });
}

/** SWR key of the first page of Trending; Load More reads the page its Link names, like Latest's. */
export function trendingKey(period: TrendingPeriod) {
  return apiKey(endpoints.projects.trending, { query: { period, offset: 0, limit: PAGE_SIZE } });
}

/** SWR key of the first page of Following (the signed-in member's followed makers' projects, newest first). */
export function followingKey() {
  return apiKey(endpoints.notifications.followingFeed, { query: { limit: PAGE_SIZE } });
}

/** SWR key of the leaderboard for a time range. */
export function leaderboardKey(range: LeaderboardRange) {
  return apiKey(endpoints.projects.leaderboard, { query: { timeRange: range } });
}

/** SWR key of the Top Contributors panel. */
export const TOP_CONTRIBUTORS_KEY = apiKey(endpoints.projects.topContributors);

/** SWR key of one project. */
export function projectKey(id: number | string) {
  return apiKey(endpoints.projects.detail, { params: { id } });
}

/** Sort options of Latest: labels as shown, values sent as sort=. */
export const SORT_OPTIONS: ReadonlyArray<{ value: LatestSort; label: string }> = [
  { value: 'newest', label: 'Newest' },
  { value: 'votes', label: 'Most Voted' },
  { value: 'views', label: 'Most Viewed' },
  { value: 'updated', label: 'Recently updated' },
];

/** Period options of Trending; default week. */
export const PERIOD_OPTIONS: ReadonlyArray<{ value: TrendingPeriod; label: string }> = [
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
];

/** Time range options of the leaderboard; default all. */
export const RANGE_OPTIONS: ReadonlyArray<{ value: LeaderboardRange; label: string }> = [
  { value: 'all', label: 'All Time' },
  { value: 'month', label: 'This Month' },
  { value: 'week', label: 'This Week' },
];

/** The home page's listing tabs: latest by default; following is the signed-in member's own. */
export const HOME_TAB_VALUES = ['latest', 'trending', 'leaderboard', 'following'] as const;
export type HomeTab = (typeof HOME_TAB_VALUES)[number];

/** The home listings' choices as the address holds them (`/?tab=trending&period=month`): hooks/use-search-choice.ts. */
export const LISTING_CHOICES = {
  tab: { name: 'tab', values: HOME_TAB_VALUES, fallback: 'latest' },
  sort: { name: 'sort', values: LATEST_SORTS, fallback: 'newest' },
  period: { name: 'period', values: TRENDING_PERIODS, fallback: DEFAULT_TRENDING_PERIOD },
  range: { name: 'range', values: LEADERBOARD_RANGES, fallback: DEFAULT_LEADERBOARD_RANGE },
} as const satisfies Record<string, SearchChoice<string>>;
