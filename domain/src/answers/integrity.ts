import { z } from '../zod';
import { TRENDING_PERIODS } from '../constants';
import { CLUSTER_SIGNALS, CLUSTER_STATUSES } from '../schemas/integrity';
import { named, rowId as id, timestamp } from './named';

const count = z.number().int().min(0);

/** GET /api/projects/{id}/score: how the project's rank is computed (domain/src/rankings.ts). */
const projectScore = z.object({
  votes: count.describe('the public, raw count'),
  weightedVotes: z.number().min(0).describe('the sum of every vote weight: what the Leaderboard ranks by'),
  byKind: z
    .object({
      standing: count,
      newMember: count,
      tester: count,
      visitor: count,
      clickedVisitor: count,
      flagged: count,
    })
    .describe('votes by the evidence they were cast with; flagged: held by a suspected or confirmed ring (weight 0)'),
  trending: z.object({
    period: z.enum(TRENDING_PERIODS),
    score: z.number().min(0).describe('the sum over the window of weight * 0.5^(age / gravity)'),
    windowVotes: count.describe('votes cast in the trending window'),
    ageHours: z.number().min(0).describe("the project's age"),
    gravity: z.number().min(0).describe('hours after which a vote weighs half (the half-life)'),
  }),
  leaderboardRank: z
    .number()
    .int()
    .min(1)
    .nullable()
    .describe('place on the all-time Leaderboard, null off its first 1000'),
  trendingRank: z
    .number()
    .int()
    .min(1)
    .nullable()
    .describe('place on Trending (the period above), null when not on it'),
});

const clusterAccount = z.object({
  id,
  username: z.string(),
  createdAt: timestamp,
  network: z.string().nullable(),
  isPaused: z.boolean(),
});
const clusterVote = z.object({
  projectId: id,
  projectTitle: z.string(),
  username: z.string().nullable().describe('null: a visitor'),
  network: z.string().nullable(),
  createdAt: timestamp,
});

/** A suspected vote ring with its evidence, for the admins' Integrity tab. */
const integrityCluster = z.object({
  id,
  signal: z.enum(CLUSTER_SIGNALS),
  status: z.enum(CLUSTER_STATUSES),
  summary: z.string(),
  networks: z.array(z.string()),
  accounts: z.array(clusterAccount),
  projects: z.array(z.object({ id, title: z.string(), votes: count })),
  timeline: z.array(clusterVote).describe('the held votes, oldest first (at most 200)'),
  voteCount: count,
  reason: z.string().nullable(),
  reviewedAt: timestamp.nullable(),
  createdAt: timestamp,
});

export const integrityAnswers = {
  ProjectScore: named('ProjectScore', projectScore),
  IntegrityCluster: named('IntegrityCluster', integrityCluster),
} as const;

/** GET /api/projects/{id}/score */
export type ProjectScore = z.output<typeof integrityAnswers.ProjectScore>;
/** A cluster of GET /api/admin/integrity/clusters */
export type IntegrityCluster = z.output<typeof integrityAnswers.IntegrityCluster>;
