import { describe, expect, it } from 'vitest';
import { isKeyOf, isRankedByVotes, isShownKey, keysOf, STALE_AFTER, takesLiveCounts } from './live-keys';

/** Keys the client really uses (feature api/keys.ts files), one or more per group. */
const KEYS = {
  latest: '/api/projects?offset=0&limit=6&sort=newest',
  latestPages: '$inf$/api/projects?offset=0&limit=6&sort=newest',
  trending: '/api/projects/trending?period=week&offset=0&limit=6',
  detail: '/api/projects/7',
  leaderboardAll: '/api/projects/leaderboard?timeRange=all',
  leaderboardMonth: '/api/projects/leaderboard?timeRange=month',
  contributors: '/api/projects/top-contributors',
  profile: '/api/users/ada',
  adminProjects: '/api/admin/projects?q=pixel',
  inbox: '/api/messages',
  unread: '/api/messages/unread-count',
  adminInbox: '/api/admin/messages',
  recipients: '/api/users',
  reports: '/api/admin/reports?status=pending',
  users: '/api/admin/users?q=ada',
  me: '/api/auth/me',
};

/** The names of KEYS a filter matches. */
const matched = (filter: (key: unknown) => boolean) =>
  Object.entries(KEYS)
    .filter(([, key]) => filter(key))
    .map(([name]) => name);

describe('lib/live-keys: which keys a change makes stale', () => {
  it('maps each invalidating push to its keys', () => {
    expect(matched(keysOf(...STALE_AFTER['projects:changed'].keys))).toEqual([
      'latest',
      'latestPages',
      'trending',
      'detail',
      'leaderboardAll',
      'leaderboardMonth',
      'contributors',
      'profile',
      'adminProjects',
    ]);
    expect(matched(keysOf(...STALE_AFTER['messages:changed'].keys))).toEqual(['inbox', 'unread', 'adminInbox']);
    expect(matched(keysOf(...STALE_AFTER['report:created'].keys))).toEqual(['reports']);
  });

  it('lets a burst of project changes settle, and refetches messages and reports at once', () => {
    expect(STALE_AFTER['projects:changed'].settleMs).toBeGreaterThan(0);
    expect('settleMs' in STALE_AFTER['messages:changed']).toBe(false);
    expect('settleMs' in STALE_AFTER['report:created']).toBe(false);
  });

  it('keeps the recipient picker out of the profiles and the messages', () => {
    expect(isKeyOf('projects', KEYS.recipients)).toBe(false);
    expect(isKeyOf('messages', KEYS.recipients)).toBe(false);
    expect(matched(keysOf('users'))).toEqual(['users']);
    expect(keysOf()(KEYS.detail)).toBe(false);
    expect(isKeyOf('projects', ['/api/projects', 1])).toBe(false);
  });

  it('maps the test-request pushes to every test-request read and nothing else', () => {
    const requestKeys = {
      list: '/api/test-requests?sort=deadline&offset=0&limit=12',
      listPages: '$inf$/api/test-requests?sort=deadline&offset=0&limit=12',
      page: '/api/test-requests/3',
      panel: '/api/projects/7/test-request',
      admin: '/api/admin/test-requests?q=beta',
    };
    for (const event of ['testRequests:changed', 'testRequest:changed'] as const) {
      const filter = keysOf(...STALE_AFTER[event].keys);
      expect(Object.values(requestKeys).every(filter)).toBe(true);
      expect(matched(filter)).toEqual([]);
    }
    expect(isKeyOf('testRequests', '/api/projects/7/test-request/extra')).toBe(false);
    expect(matched(keysOf('profiles'))).toEqual(['profile']);
  });

  it('refetches everything shown after a resync but the session', () => {
    expect(matched(isShownKey)).toEqual(Object.keys(KEYS).filter((name) => name !== 'me'));
  });

  it('writes live all-time counts into project answers, never into ranged leaderboards or other data', () => {
    expect(matched(takesLiveCounts)).toEqual([
      'latest',
      'latestPages',
      'trending',
      'detail',
      'leaderboardAll',
      'contributors',
      'profile',
      'adminProjects',
    ]);
    expect(takesLiveCounts('/api/projects/leaderboard?timeRange=week')).toBe(false);
  });

  it("refetches after this viewer's vote only the lists ranked by votes, every range of the leaderboard included", () => {
    expect(matched(isRankedByVotes)).toEqual(['trending', 'leaderboardAll', 'leaderboardMonth', 'contributors']);
    expect(isRankedByVotes('$inf$/api/projects/trending?period=week&offset=0&limit=6')).toBe(true);
  });
});
