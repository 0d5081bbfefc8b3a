/**
 * The owner's Stats tab (GET /api/projects/{id}/stats): its windows, the bounds that keep strangers
 * from growing what it stores, the reasons a vote weighs what it does, and how a view's source is told
 * from what the browser reports. Recording and folding: runtime/src/page-stats.ts,
 * db/src/queries/project-stats.ts; the privacy rules: docs/security.md "Project stats".
 */
import type { VoteKind } from './rankings';

/** The windows the tab offers, in days (today included). */
export const STATS_WINDOWS = [7, 30, 90] as const;
export type StatsWindow = (typeof STATS_WINDOWS)[number];
/** The window shown first. */
export const DEFAULT_STATS_WINDOW: StatsWindow = 30;

/** Distinct sources one project's counters keep for one day; any source past them counts as OTHER_SOURCE. */
export const STATS_SOURCES_PER_DAY = 50;
/** Sources a folded day keeps (the rest add up under OTHER_SOURCE), and sources one answer lists. */
export const STATS_TOP_SOURCES = 20;
/** A source's longest form: a longer host or utm_source counts as OTHER_SOURCE. */
export const STATS_SOURCE_MAX_LENGTH = 64;
/** The source of a view without a referrer or a utm_source. */
export const DIRECT_SOURCE = '(direct)';
/** The sources past a day's bound, added up. */
export const OTHER_SOURCE = '(other)';

/**
 * Why a vote weighs what it does (domain/src/rankings.ts VOTE_WEIGHTS): the evidence it was cast with,
 * or `ring` while a suspected or confirmed ring holds it (it then counts 0).
 */
export type VoteReason = VoteKind | 'ring';
/** Every reason, in the order the tab lists them. */
export const VOTE_REASONS = [
  'standing',
  'tester',
  'newMember',
  'clickedVisitor',
  'visitor',
  'ring',
] as const satisfies readonly VoteReason[];

/** A utm_source as the tab keeps it: lower case, letters, digits, `.`, `_`, `-` and spaces. */
const UTM_SOURCE = /^[a-z0-9][a-z0-9._ -]*$/;

/**
 * The source a view is counted under: its `utm_source` when it has a usable one, else the host of its
 * referrer (http or https, without `www.`), else DIRECT_SOURCE; a source longer than
 * STATS_SOURCE_MAX_LENGTH is OTHER_SOURCE. Never the referrer's path or query: a host says where a
 * visit came from without saying what the visitor read there.
 */
export function viewSource(input: { referrer?: string | undefined; utmSource?: string | undefined }): string {
  const utm = input.utmSource?.trim().toLowerCase();
  if (utm && UTM_SOURCE.test(utm)) return utm.length > STATS_SOURCE_MAX_LENGTH ? OTHER_SOURCE : utm;
  const referrer = input.referrer?.trim();
  if (!referrer || !URL.canParse(referrer)) return DIRECT_SOURCE;
  const url = new URL(referrer);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return DIRECT_SOURCE;
  const host = url.hostname.replace(/^www\./, '');
  return host.length > STATS_SOURCE_MAX_LENGTH ? OTHER_SOURCE : host;
}

/** Clicks per view, 0 without views. */
export function clickThrough(clicks: number, views: number): number {
  return views === 0 ? 0 : clicks / views;
}
