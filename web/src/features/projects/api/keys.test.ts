import { describe, expect, it } from 'vitest';
import {
  latestKey,
  leaderboardKey,
  loadMoreState,
  pageOffset,
  PERIOD_OPTIONS,
  RANGE_OPTIONS,
  SORT_OPTIONS,
  trendingKey,
} from './keys';

const page = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('paging', () => {
  it('offset = (page - 1) * 6', () => {
    expect([0, 1, 2].map(pageOffset)).toEqual([0, 6, 12]);
    expect(latestKey('votes', 2)).toBe('/api/projects?offset=12&limit=6&sort=votes');
    expect(latestKey('votes', 2, '', 42)).toBe('/api/projects?after=42&limit=6&sort=votes');
    expect(latestKey('newest', 0, ' pixel & art ')).toBe(
      '/api/projects?offset=0&limit=6&sort=newest&q=pixel%20%26%20art',
    );
    expect(latestKey('newest', 0, '   ')).toBe('/api/projects?offset=0&limit=6&sort=newest');
    expect(trendingKey('today', 0)).toBe('/api/projects/trending?period=today&offset=0&limit=6');
    expect(trendingKey('week', 3, 17)).toBe('/api/projects/trending?period=week&after=17&limit=6');
    expect(leaderboardKey('month')).toBe('/api/projects/leaderboard?timeRange=month');
  });
});

describe('Load More rule', () => {
  it('is enabled after a full page', () => {
    expect(loadMoreState([page(6)], false)).toEqual({ hasMore: true, disabled: false });
    expect(loadMoreState([page(6), page(6)], false)).toEqual({ hasMore: true, disabled: false });
  });
  it('is disabled when the last page returned fewer than 6 items', () => {
    expect(loadMoreState([page(6), page(5)], false)).toEqual({ hasMore: false, disabled: true });
    expect(loadMoreState([page(6), page(0)], false)).toEqual({ hasMore: false, disabled: true });
    expect(loadMoreState([page(3)], false).disabled).toBe(true);
  });
  it('is disabled while fetching and before anything loaded', () => {
    expect(loadMoreState([page(6)], true)).toEqual({ hasMore: true, disabled: true });
    expect(loadMoreState(undefined, false).disabled).toBe(true);
    expect(loadMoreState([], false).disabled).toBe(true);
  });
});

describe('selector labels', () => {
  it('Sort by: Newest, Most Voted, Most Viewed, Recently updated sent as newest|votes|views|updated', () => {
    expect(SORT_OPTIONS.map((o) => [o.label, o.value])).toEqual([
      ['Newest', 'newest'],
      ['Most Voted', 'votes'],
      ['Most Viewed', 'views'],
      ['Recently updated', 'updated'],
    ]);
  });
  it('Period: Today, This Week, This Month', () => {
    expect(PERIOD_OPTIONS.map((o) => o.label)).toEqual(['Today', 'This Week', 'This Month']);
    expect(PERIOD_OPTIONS.map((o) => o.value)).toEqual(['today', 'week', 'month']);
  });
  it('Time Range: All Time, This Month, This Week', () => {
    expect(RANGE_OPTIONS.map((o) => o.label)).toEqual(['All Time', 'This Month', 'This Week']);
    expect(RANGE_OPTIONS.map((o) => o.value)).toEqual(['all', 'month', 'week']);
  });
});
