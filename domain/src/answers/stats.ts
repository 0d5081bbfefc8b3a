import { z } from '../zod';
import { VOTE_REASONS } from '../stats';
import { named } from './named';

const count = z.number().int().min(0);
const weight = z.number().min(0);

/** One UTC day of a project's stats. */
const statsDay = z.object({
  date: z.iso.date().describe('the UTC day, YYYY-MM-DD'),
  views: count.describe('page views (readers who send DNT or Sec-GPC are not counted)'),
  visitors: count.describe('unique visitors that day (a daily-salted hash counted by a HyperLogLog)'),
  clicks: count.describe('visits sent to the hosted project through /go/{id}, once per visitor a day'),
  impressions: count.describe('New & rising impressions'),
  exposure: weight.describe('the weight those impressions carried (a ring-held one counts 0)'),
  votes: count.describe('votes cast that day'),
  countedVotes: weight.describe('what those votes weigh on the boards'),
});

/** GET /api/projects/{id}/stats: the owner's view of a project's reach (domain/src/stats.ts). */
const projectStats = z.object({
  windowDays: z.number().int().describe('the window asked for (7, 30 or 90 days, today included)'),
  days: z.array(statsDay).describe('every day of the window, oldest first; today is at most a minute behind'),
  referrers: z
    .array(z.object({ source: z.string(), visits: count }))
    .describe("the window's top sources (a referrer's host or utm_source; '(direct)', '(other)'), most visits first"),
  voteSources: z
    .array(z.object({ reason: z.enum(VOTE_REASONS), raw: count, counted: weight }))
    .describe('votes of the window by why they weigh what they do: raw count and counted weight'),
});

export const statsAnswers = {
  ProjectStats: named('ProjectStats', projectStats),
} as const;

/** GET /api/projects/{id}/stats */
export type ProjectStats = z.output<typeof statsAnswers.ProjectStats>;
/** One day of ProjectStats. */
export type ProjectStatsDay = ProjectStats['days'][number];
