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

/** Weight of one vote: a member's 1, a visitor's 0.5, the author's own 0. */
export const VOTE_WEIGHT = { member: 1, visitor: 0.5, author: 0 } as const;

/** Bayesian prior for the leaderboard tie-break: the scale's midpoint, worth this many ratings. */
export const RATING_PRIOR_MEAN = 5.5;
export const RATING_PRIOR_WEIGHT = 5;

/** A vote as the trending formula sees it. */
export interface RankedVote {
  userId: number | null;
  authorId: number | null;
  createdAt: Date;
}

/** The weight of one vote. */
export function voteWeight(vote: Pick<RankedVote, 'userId' | 'authorId'>): number {
  if (vote.userId === null) return VOTE_WEIGHT.visitor;
  if (vote.userId === vote.authorId) return VOTE_WEIGHT.author;
  return VOTE_WEIGHT.member;
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
