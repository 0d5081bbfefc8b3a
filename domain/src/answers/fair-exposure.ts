import { z } from '../zod';
import { MODERATION_ACTION_NAMES, MODERATION_SUBJECT_TYPES } from '../moderation-log';
import { named, rowId as id, timestamp } from './named';

/**
 * The answers of the public moderation log and of the New & rising impressions beacon (the strip itself
 * answers `Project` cards).
 */
const moderationEntry = z.object({
  id,
  action: z.enum(MODERATION_ACTION_NAMES),
  subject: z.object({
    type: z.enum(MODERATION_SUBJECT_TYPES),
    id,
    title: z.string().optional().describe("the project's title when the entry was written"),
    username: z.string().optional().describe('the member concerned; left out once that member is deleted (redacted)'),
  }),
  reason: z.string().describe("the public reason: the admin's, else the action's standard wording"),
  createdAt: timestamp,
});

const impressionsCounted = z.object({
  counted: z.number().int().min(0).describe('impressions newly counted by this call'),
});

/** The named answers of the moderation log and the impressions beacon. */
export const fairExposureAnswers = {
  ModerationEntry: named('ModerationEntry', moderationEntry),
  ImpressionsCounted: named('ImpressionsCounted', impressionsCounted),
};

export type ModerationEntry = z.output<typeof fairExposureAnswers.ModerationEntry>;
export type ImpressionsCounted = z.output<typeof fairExposureAnswers.ImpressionsCounted>;
