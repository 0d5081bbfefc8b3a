import { z } from '../zod';
import { MODERATION_LOG_PAGE, MODERATION_REASON_MAX } from '../moderation-log';
import { pageLimitSchema, queryRowIdSchema } from './paging';

const REASON_TOO_LONG = `The reason must be ${MODERATION_REASON_MAX} characters or less`;

/**
 * The public reason an admin gives a moderation action (optional: without one, or blank, the log shows
 * the action's standard wording, domain/src/moderation-log.ts).
 */
export const moderationReasonSchema = z
  .string({ error: 'The reason must be text' })
  .trim()
  .max(MODERATION_REASON_MAX, REASON_TOO_LONG)
  .optional();

/** The body of a moderation that takes nothing but its reason (the admin's deletes). */
export const moderationReasonBodySchema = z.object({ reason: moderationReasonSchema });

/** GET /api/moderation-log: entries older than the entry `before` (an id), newest first. */
export const moderationLogQuerySchema = z.object({
  before: queryRowIdSchema('before must be an entry id').optional(),
  limit: pageLimitSchema(MODERATION_LOG_PAGE),
});
