/**
 * The SWR keys of each key group, and which groups each server push makes stale. SWR keys are the
 * GET URLs (lib/api.ts `apiKey`, read by `fetcher`), so a group of keys is a set of URL prefixes of the
 * routes' endpoints. Which groups an event makes stale is its `webKeys` in domain/src/event-effects.ts;
 * the root hook (hooks/use-live-updates.ts) applies STALE_AFTER, derived from it, to the pushes; writes
 * revalidate the same groups with `keysOf`.
 */
import { webKeysOfPush, type InvalidatingPush, type WebKeyGroup } from '@vitrine/domain/event-effects';
import { apiPattern, apiPrefix, endpoints } from './api';

/** The URL prefixes of each group of keys (a pattern where a prefix would take in other groups). */
const KEY_PREFIXES = {
  /** Project lists and pages, profiles (they list their projects) and the admin's project list. */
  projects: [
    apiPrefix(endpoints.projects.latest),
    apiPrefix(endpoints.users.profile),
    apiPrefix(endpoints.admin.projects),
  ],
  /** Inboxes, the admin inbox and the unread badge. */
  messages: [apiPrefix(endpoints.messages.list), apiPrefix(endpoints.admin.messages)],
  /** The admin's report lists of projects and of comments, every status. */
  reports: [apiPrefix(endpoints.admin.reports), apiPrefix(endpoints.comments.reports)],
  /** The admin's user list, under any search. */
  users: [apiPrefix(endpoints.admin.users)],
  /** Test-request lists and pages, a project page's request panel and the admin's Test Requests tab. */
  testRequests: [
    apiPrefix(endpoints.testRequests.list),
    apiPrefix(endpoints.adminTestRequests.list),
    apiPattern(endpoints.testRequests.ofProject),
  ],
  /** Profiles and the ratings they list (a user rating or its removal changes them). */
  profiles: [apiPrefix(endpoints.users.profile)],
  /** The admin's Integrity tab, every status. */
  integrity: [apiPrefix(endpoints.integrity.clusters)],
} as const satisfies Record<WebKeyGroup, ReadonlyArray<string | RegExp>>;

/**
 * The app's SWR defaults never revalidate cached data on mount, and a push or a write made
 * while a list was not on screen cannot reach it; moderation and inbox lists refetch when they
 * mount, showing the cached rows meanwhile.
 */
export const FRESH_ON_MOUNT = { revalidateOnMount: true } as const;

/** A group of SWR keys that change together. */
export type KeyGroup = WebKeyGroup;

/** useSWRInfinite keeps a list's pages under its first page's URL with this prefix. */
const INFINITE_PREFIX = '$inf$';

/** Projects change in bursts (a seed, a moderation spree): their lists refetch at most this often. */
const PROJECT_LISTS_SETTLE_MS = 1000;

/** What a server push makes stale, and how long to let a burst settle before refetching. */
export interface StaleRule {
  keys: readonly KeyGroup[];
  settleMs?: number;
}

/** How long each invalidating push lets a burst settle before refetching (none: at once). */
const SETTLE_MS: Record<InvalidatingPush, number | undefined> = {
  'projects:changed': PROJECT_LISTS_SETTLE_MS,
  'messages:changed': undefined,
  'report:created': undefined,
  'commentReport:created': undefined,
  'testRequests:changed': undefined,
  'testRequest:changed': undefined,
  'integrity:changed': undefined,
  'project:health': undefined,
};

/** A push that makes keys stale. */
export type InvalidatingEvent = InvalidatingPush;

/** Which keys each invalidating push makes stale (the pushes say what changed, never the data). */
export const STALE_AFTER = Object.fromEntries(
  (Object.keys(SETTLE_MS) as InvalidatingPush[]).map((push): [InvalidatingPush, StaleRule] => {
    const settleMs = SETTLE_MS[push];
    return [push, settleMs === undefined ? { keys: webKeysOfPush(push) } : { keys: webKeysOfPush(push), settleMs }];
  }),
) as Record<InvalidatingPush, StaleRule>;

/** The URL behind a cache key (an infinite list's key names its first page). */
function urlOf(key: unknown): string | null {
  if (typeof key !== 'string') return null;
  return key.startsWith(INFINITE_PREFIX) ? key.slice(INFINITE_PREFIX.length) : key;
}

/** True when `key` belongs to `group`. */
export function isKeyOf(group: KeyGroup, key: unknown): boolean {
  const url = urlOf(key);
  const prefixes: ReadonlyArray<string | RegExp> = KEY_PREFIXES[group];
  return (
    url !== null && prefixes.some((prefix) => (typeof prefix === 'string' ? url.startsWith(prefix) : prefix.test(url)))
  );
}

/** A key filter for SWR's `mutate(filter)`: true for the keys of any of `groups`. */
export function keysOf(...groups: readonly KeyGroup[]): (key: unknown) => boolean {
  return (key) => groups.some((group) => isKeyOf(group, key));
}

/** After a reconnect or a server `sync`, every key is refetched but the session's (its store reloads it). */
export function isShownKey(key: unknown): boolean {
  return !(typeof key === 'string' && key.startsWith(apiPrefix(endpoints.auth.me)));
}

/** The leaderboard's URL before its query. */
const LEADERBOARD = `${apiPrefix(endpoints.projects.leaderboard)}?`;
/** Ranged leaderboards count the votes of a month or a week, so all-time totals do not apply to them. */
function isRangedLeaderboard(url: string): boolean {
  return url.startsWith(LEADERBOARD) && /(^|&)timeRange=(?!all\b)/.test(url.slice(LEADERBOARD.length));
}

/**
 * True when the cache entry under `key` shows projects with their all-time counts, so a live
 * `project:counts` push or this viewer's vote may be written into it.
 */
export function takesLiveCounts(key: unknown): boolean {
  const url = urlOf(key);
  return url !== null && isKeyOf('projects', url) && !isRangedLeaderboard(url);
}

/** The lists ranked by votes: Trending, the leaderboards (every range) and Top Contributors. */
const RANKED_BY_VOTES = [
  apiPrefix(endpoints.projects.trending),
  apiPrefix(endpoints.projects.leaderboard),
  apiPrefix(endpoints.projects.topContributors),
];

/**
 * True when the cache entry under `key` is a list ranked by votes: a vote may move a project up it
 * (or, in a ranged leaderboard, change a count a push does not carry), which no count written into
 * the cache shows, so the voter's browser refetches these after a vote.
 */
export function isRankedByVotes(key: unknown): boolean {
  const url = urlOf(key);
  return url !== null && RANKED_BY_VOTES.some((prefix) => url.startsWith(prefix));
}
