/**
 * Ranking formulas. The worker computes them in SQL; these reference
 * implementations define them and are what the SQL is tested against.
 */
import type { LeaderboardRange, TrendingPeriod } from './constants';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Half-life of a vote's weight, per trending period. */
export const TRENDING_HALF_LIFE_MS: Record<TrendingPeriod, number> = {
  today: 6 * HOUR,
  week: 2 * DAY,
  month: 7 * DAY,
};

/** Length of each trending period's window. */
export const TRENDING_WINDOW_MS: Record<TrendingPeriod, number> = {
  today: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
};

/** Leaderboard windows; null is all time. */
export const LEADERBOARD_WINDOW_MS: Record<LeaderboardRange, number | null> = {
  all: null,
  month: 30 * DAY,
  week: 7 * DAY,
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
  const since = now.getTime() - TRENDING_WINDOW_MS[period];
  let score = 0;
  for (const vote of votes) {
    const t = vote.createdAt.getTime();
    if (t < since || t > now.getTime()) continue;
    score += voteWeight(vote) * 0.5 ** ((now.getTime() - t) / halfLife);
  }
  return score;
}

/** Bayesian average of a rating: pulls few ratings toward the prior. */
export function bayesianRating(average: number, count: number): number {
  return (RATING_PRIOR_MEAN * RATING_PRIOR_WEIGHT + average * count) / (RATING_PRIOR_WEIGHT + count);
}
