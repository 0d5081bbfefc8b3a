/**
 * Live badges a maker embeds on their own site (`GET /badges/projects/{id}.svg`, docs/api.md
 * "Badges"): the choices of the address and the facts a badge shows. The API draws them
 * (api/src/public/badge.ts); the owner's snippet panel builds their addresses.
 */

/** flat: one line, shields.io-like; card: two lines with the project's title. */
export const BADGE_STYLES = ['flat', 'card'] as const;
export type BadgeStyle = (typeof BADGE_STYLES)[number];

/** The colours of the page the badge sits on. */
export const BADGE_THEMES = ['light', 'dark'] as const;
export type BadgeTheme = (typeof BADGE_THEMES)[number];

/** votes: the live count; rank: the place on the all-time leaderboard; outcome: uptime, testers, feedback addressed. */
export const BADGE_METRICS = ['votes', 'rank', 'outcome'] as const;
export type BadgeMetric = (typeof BADGE_METRICS)[number];

/** What one badge address draws. */
export interface BadgeOptions {
  style: BadgeStyle;
  theme: BadgeTheme;
  metric: BadgeMetric;
}

/** What a badge address without (or with unknown) choices draws. */
export const DEFAULT_BADGE_OPTIONS: BadgeOptions = { style: 'flat', theme: 'light', metric: 'votes' };

function pick<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  const text = Array.isArray(value) ? value[0] : value;
  return allowed.includes(text as T) ? (text as T) : fallback;
}

/**
 * The choices of a badge address's query. An unknown or repeated value falls back to the default
 * (the first of a repeated one counts): a badge is an image on someone else's page, where an error
 * answer would show as a broken picture.
 */
export function badgeOptions(query: Record<string, unknown>): BadgeOptions {
  return {
    style: pick(BADGE_STYLES, query.style, DEFAULT_BADGE_OPTIONS.style),
    theme: pick(BADGE_THEMES, query.theme, DEFAULT_BADGE_OPTIONS.theme),
    metric: pick(BADGE_METRICS, query.metric, DEFAULT_BADGE_OPTIONS.metric),
  };
}

/** A badge's address relative to the site's origin; the default choices are left out of the query. */
export function badgePath(projectId: number, options: BadgeOptions = DEFAULT_BADGE_OPTIONS): string {
  const query = (['style', 'theme', 'metric'] as const)
    .filter((key) => options[key] !== DEFAULT_BADGE_OPTIONS[key])
    .map((key) => `${key}=${options[key]}`)
    .join('&');
  return `/badges/projects/${projectId}.svg${query ? `?${query}` : ''}`;
}

/** What a visible project's badge shows, as its snapshot holds it (db/src/queries/badges.ts). */
export interface BadgeFacts {
  title: string;
  /** The raw vote count every page shows. */
  votes: number;
  /** The place on the all-time leaderboard (at most its BOARD_SIZE rows); null when not on it. */
  rank: number | null;
  /** Share of answered liveness checks over HEALTH_HISTORY_DAYS, 0..1; null when never checked. */
  uptime: number | null;
  /** Distinct members who joined one of the project's test requests. */
  testers: number;
  /** Feedback items of the project's test requests that one of its live updates addresses. */
  feedbackAddressed: number;
}
