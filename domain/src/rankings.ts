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
 * What the integrity scan (db/src/queries/integrity.ts) calls a ring. Its votes weigh 0 at once,
 * pending an admin's review.
 */
export const RING_RULES = {
  /** The scan reads the votes of this window, ending now. */
  lookbackMs: milliseconds({ hours: 24 }),
  /** Fresh accounts of one network: at least this many, made within `accountSpanMs` of each other... */
  networkAccounts: 4,
  accountSpanMs: milliseconds({ days: 1 }),
  /** ...and no older than this when the scan runs... */
  freshAccountMs: milliseconds({ days: 7 }),
  /** ...voting for one project within this span. */
  voteSpanMs: milliseconds({ minutes: 15 }),
  /** Near-identical vote sets: Jaccard similarity at least this... */
  jaccard: 0.8,
  /** ...over at least this many projects each... */
  sameVotesProjects: 3,
  /** ...among at least this many accounts. */
  sameVotesAccounts: 4,
  /** A project with more voters than this in the window is left out of the vote-set comparison (it bounds the pairs). */
  pairProjectVoters: 500,
  /** Visitor votes from one network on one project within `voteSpanMs`: at least this many. */
  visitorBurstVotes: 10,
} as const;
