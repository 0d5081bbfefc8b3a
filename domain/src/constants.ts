/** Business constants: page sizes, limits, windows and the ranking numbers. */
import { milliseconds } from 'date-fns';

/** Units of time, from date-fns (one definition for every workspace). */
export { millisecondsInDay, millisecondsInHour, millisecondsInMinute } from 'date-fns/constants';

/** Items per listing page; offset = (page - 1) * PAGE_SIZE. */
export const PAGE_SIZE = 6;
/**
 * The deepest `offset` a list accepts. OFFSET reads and throws away every row before the page, so a
 * deep one costs the database what a whole-table walk does; Load More pages by `after` (keyset)
 * instead, and the ranking boards hold at most this many rows (db/src/queries/rankings.ts BOARD_SIZE).
 */
export const MAX_OFFSET = 1000;
/** Upper bound for any `limit` query parameter (the admin list asks for 100). */
export const MAX_PAGE_LIMIT = 100;
/** Rating scale. */
export const RATING_MIN = 1;
export const RATING_MAX = 10;
/** The profile's 'Most Popular Projects' shows this many. */
export const PROFILE_TOP_PROJECTS = 3;
/** The report dialog closes this long after its thank-you view appears. */
export const REPORT_DIALOG_CLOSE_MS = 2000;
/** Tooltip delays: shared default, and on the project page. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_DELAY_PROJECT_MS = 300;
/** Toasts: at most one at a time, shown this long. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/**
 * Pending reports from different users that hide a project until an admin decides. Only
 * reports from reporters with standing (below), from different networks and not by the owner count.
 */
export const AUTO_HIDE_REPORT_COUNT = 3;
/** A reporter has standing once their account is this many days old... */
export const REPORT_STANDING_MIN_AGE_DAYS = 7;
/** ...and they have done this many things on the site (votes, ratings and projects together). */
export const REPORT_STANDING_MIN_ACTIONS = 1;
/** Submissions allowed per user and per IP within the window (overridable by env). */
export const SUBMISSION_LIMIT = 3;
export const SUBMISSION_WINDOW_SECONDS = 10 * 60;
/** Remember-me keeps the session cookie this long; otherwise it lives for the browser session. */
export const REMEMBER_ME_MS = milliseconds({ days: 30 });
/** Default site name; SITE_NAME overrides it. */
export const DEFAULT_SITE_NAME = 'Vitrine';

/** Project categories, in the order the selector lists them. */
export const CATEGORIES = [
  'Web App',
  'Game',
  'Utility',
  'AI/ML',
  'Data Visualization',
  'Educational',
  'Creative',
  'Other',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** User roles chosen at sign-up. */
export const ROLES = ['developer', 'tester', 'both'] as const;
export type Role = (typeof ROLES)[number];

/** Report reasons. */
export const REPORT_REASONS = ['spam', 'offensive', 'copyright', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Report statuses; pending is the default. */
export const REPORT_STATUSES = ['pending', 'reviewed', 'dismissed', 'removed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Listing periods and ranges. */
export const TRENDING_PERIODS = ['today', 'week', 'month'] as const;
export type TrendingPeriod = (typeof TRENDING_PERIODS)[number];
export const DEFAULT_TRENDING_PERIOD: TrendingPeriod = 'week';
export const LEADERBOARD_RANGES = ['all', 'month', 'week'] as const;
export type LeaderboardRange = (typeof LEADERBOARD_RANGES)[number];
export const DEFAULT_LEADERBOARD_RANGE: LeaderboardRange = 'all';
/** updated: Recently updated (by the newest update, else creation). */
export const LATEST_SORTS = ['newest', 'votes', 'views', 'updated'] as const;
export type LatestSort = (typeof LATEST_SORTS)[number];

/** Entries the top-contributors panel shows by default (GET /api/projects/top-contributors). */
export const DEFAULT_TOP_CONTRIBUTORS = 5;
/** The admin Projects tab lists this many projects a page (GET /api/admin/projects). */
export const ADMIN_PROJECT_LIMIT = 100;

/** New & rising: a project is shown in the strip until it is this many hours old ... */
export const RISING_MAX_AGE_HOURS = 72;
/** ... or has been on this many visitors' screens (one impression per visitor per project per day). */
export const RISING_MAX_IMPRESSIONS = 50;
/** Projects in a visitor's strip by default, and at most (also the most ids one impressions call counts). */
export const RISING_DEFAULT_LIMIT = 6;
export const RISING_MAX_LIMIT = 12;
