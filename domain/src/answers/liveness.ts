import { z } from '../zod';
import { CHECK_OUTCOMES, HEALTH_STATUSES } from '../liveness';
import { named, timestamp } from './named';

/**
 * The answers of the live-or-down checks (domain/src/liveness.ts): a project's health as its page
 * shows it, and the history behind its uptime and sparkline.
 */

/** A project's health on its page (ProjectDetail.health). */
export const projectHealth = z.object({
  status: z
    .enum(HEALTH_STATUSES)
    .describe('up, down (3 failed checks in a row), unknown (not judged yet), blocked (address refused)'),
  since: timestamp.nullable().describe('when the status began (down: the first failed check); null before any check'),
  checkedAt: timestamp.nullable().describe('the last check'),
  uptime30d: z.number().min(0).max(1).nullable().describe('share of answered checks over 30 days; null without checks'),
  latencyMs: z.number().int().nullable().describe("the last check's time to answer"),
});

/** One check of the history. */
const check = z.object({
  at: timestamp,
  outcome: z.enum(CHECK_OUTCOMES),
  latencyMs: z.number().int().nullable(),
});

export const livenessAnswers = {
  ProjectHealthHistory: named(
    'ProjectHealthHistory',
    projectHealth.extend({ checks: z.array(check).describe('the checks of the last 30 days, oldest first') }),
  ),
  CheckQueued: named('CheckQueued', z.object({ message: z.string() })),
} as const;

export type ProjectHealth = z.output<typeof projectHealth>;
export type ProjectHealthHistory = z.output<typeof livenessAnswers.ProjectHealthHistory>;
