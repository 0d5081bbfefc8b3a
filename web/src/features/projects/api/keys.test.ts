import { describe, expect, it } from 'vitest';
import { latestKey, leaderboardKey, PERIOD_OPTIONS, RANGE_OPTIONS, SORT_OPTIONS, trendingKey } from './keys';

describe('first pages', () => {
  it('ask for one page from the top; the next ones are those the Link header names', () => {
    expect(latestKey('votes')).toBe('/api/projects?offset=0&limit=6&sort=votes');
    expect(latestKey('newest', ' pixel & art ')).toBe('/api/projects?offset=0&limit=6&sort=newest&q=pixel%20%26%20art');
    expect(latestKey('newest', '   ')).toBe('/api/projects?offset=0&limit=6&sort=newest');
    expect(trendingKey('today')).toBe('/api/projects/trending?period=today&offset=0&limit=6');
    expect(leaderboardKey('month')).toBe('/api/projects/leaderboard?timeRange=month');
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
