/**
 * Ranking formulas. The worker computes them in SQL; these reference
 * implementations define them and are what the SQL is tested against.
 */
import { differenceInMilliseconds, isAfter, isBefore, milliseconds, subMilliseconds } from 'date-fns';
import type { LeaderboardRange, TrendingPeriod } from './constants';

/** Half-life of a vote's weight, per trending period. */
export const TRENDING_HALF_LIFE_MS: Record<TrendingPeriod, number> = {
  today: milliseconds({ hours: 6 }),
  week: milliseconds({ days: 2 }),
  month: milliseconds({ days: 7 }),
};

/** Length of each trending period's window. */
export const TRENDING_WINDOW_MS: Record<TrendingPeriod, number> = {
  today: milliseconds({ days: 1 }),
  week: milliseconds({ days: 7 }),
  month: milliseconds({ days: 30 }),
};

/** Leaderboard windows; null is all time. */
export const LEADERBOARD_WINDOW_MS: Record<LeaderboardRange, number | null> = {
  all: null,
  month: milliseconds({ days: 30 }),
  week: milliseconds({ days: 7 }),
};

/**
 * What a vote weighs, by the evidence it was cast with (stored with the vote, migration 0025): a member
 * with standing (db/src/queries/standing.ts) or a tester who gave feedback on the project 1; a member
 * without standing 0.5; a visitor 0.25, or 0.5 after opening the project through Vitrine's outbound
 * link. A vote a suspected or confirmed ring holds weighs 0 (FLAGGED_VOTE_WEIGHT).
 */
export const VOTE_WEIGHTS = {
  standing: 1,
  newMember: 0.5,
  tester: 1,
  visitor: 0.25,
  clickedVisitor: 0.5,
} as const;

/** The evidence a vote was cast with. */
export type VoteKind = keyof typeof VOTE_WEIGHTS;
export const VOTE_KINDS = Object.keys(VOTE_WEIGHTS) as VoteKind[];

/** The weight of a vote held by a suspected or confirmed ring. */
export const FLAGGED_VOTE_WEIGHT = 0;

/** Bayesian prior for the leaderboard tie-break: the scale's midpoint, worth this many ratings. */
export const RATING_PRIOR_MEAN = 5.5;
export const RATING_PRIOR_WEIGHT = 5;

/** A vote as the trending formula sees it: its stored weight (the author's own vote counts 0). */
export interface RankedVote {
  userId: number | null;
  authorId: number | null;
  weight: number;
  createdAt: Date;
}

/** The weight of one vote on a board. */
export function voteWeight(vote: Pick<RankedVote, 'userId' | 'authorId' | 'weight'>): number {
  if (vote.userId !== null && vote.userId === vote.authorId) return 0;
  return vote.weight;
}

/** Trending score: the sum over the period's votes of weight * 0.5^(age / halfLife). */
export function trendingScore(votes: RankedVote[], period: TrendingPeriod, now: Date): number {
  const halfLife = TRENDING_HALF_LIFE_MS[period];
  const since = subMilliseconds(now, TRENDING_WINDOW_MS[period]);
  let score = 0;
  for (const vote of votes) {
    if (isBefore(vote.createdAt, since) || isAfter(vote.createdAt, now)) continue;
    score += voteWeight(vote) * 0.5 ** (differenceInMilliseconds(now, vote.createdAt) / halfLife);
  }
  return score;
}

/** Bayesian average of a rating: pulls few ratings toward the prior. */
export function bayesianRating(average: number, count: number): number {
  return (RATING_PRIOR_MEAN * RATING_PRIOR_WEIGHT + average * count) / (RATING_PRIOR_WEIGHT + count);
}

/**
 * What the integrity scan (db/src/queries/ring-signals.ts) calls a ring: found by what accounts do
 * together, over sliding windows, never fixed bins. Its votes (and impressions) weigh 0 at once,
 * pending an admin's review. docs/security.md "Vote rings" explains each signal; `npm run
 * integrity:sim` measures them.
 */
export const RING_RULES = {
  /** The scan reads the votes and impressions of this window, ending now (network and visitor signals). */
  lookbackMs: milliseconds({ hours: 24 }),
  /** Accounts of one network voting for one project: at least this many fresh ones in one sliding window... */
  networkAccounts: 4,
  /** ...whose sign-ups cluster by density: each made within this of the next (a chain, not a span)... */
  accountGapMs: milliseconds({ days: 2 }),
  /** ...each younger than this when it voted... */
  freshAccountMs: milliseconds({ days: 7 }),
  /** ...within this window, slid over every vote. */
  voteSpanMs: milliseconds({ minutes: 15 }),
  /** Accounts of the ring's network voting for its project this close to its window join it, whatever their age. */
  borderMs: milliseconds({ hours: 1 }),
  /** Co-voting reads this window: a ring that paces itself over days is still in it. */
  coVoteLookbackMs: milliseconds({ days: 7 }),
  /** Two accounts co-vote a project when both voted for it this close in time... */
  coVoteWithinMs: milliseconds({ hours: 6 }),
  /** ...a pair is linked by at least this many co-votes, in the same order... */
  sameVotesProjects: 3,
  /** ...making at least this share of the smaller account's votes (a member's other votes may hide it)... */
  coVoteShare: 0.5,
  /** ...and at least this many accounts, each linked to sameVotesAccounts - 1 others of the group, are a ring. */
  sameVotesAccounts: 4,
  /** Share of the pairs of their co-votes two accounts make in the same order, at least... */
  coVoteOrder: 0.8,
  /** ...unless their co-votes make at least this share of the smaller account's votes, in any order. */
  coVoteAnyOrderShare: 0.8,
  /** A project with more voters than this in the window is left out of the comparison (it bounds the pairs, and says nothing). */
  pairProjectVoters: 500,
  /** Visitor votes from one network on one project within `voteSpanMs` (a sliding window): at least this many. */
  visitorBurstVotes: 10,
  /** Impressions of one project from one network within `voteSpanMs` (a sliding window): at least this many. */
  impressionBurst: 10,
} as const;

/**
 * What an impression of a New & rising card weighs (project_impressions.weight), like a vote: a member
 * with standing 1, a newer member 0.5, a visitor 0.25; the impressions of one network on one project
 * weigh 1 together at most. A project leaves the strip once its weighed impressions reach
 * RISING_MAX_IMPRESSIONS (domain/src/constants.ts).
 */
export const IMPRESSION_WEIGHTS = { standing: 1, newMember: 0.5, visitor: 0.25 } as const;
/** The weight the impressions of one network on one project reach together, at most. */
export const IMPRESSION_NETWORK_WEIGHT = 1;
