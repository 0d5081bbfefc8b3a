import { z } from '../zod';
import { moderationReasonSchema } from './moderation';
import { searchTextSchema } from './project';

/**
 * GET /api/admin/users and GET /api/admin/projects: `q` narrows the list (users by username or email,
 * projects by title, description or tags), so an admin finds a row past the lists' limits.
 */
export const adminSearchQuerySchema = z.object({ q: searchTextSchema });

/** PATCH /api/admin/users/{id}/admin */
export const adminToggleSchema = z.object({ isAdmin: z.boolean({ error: 'isAdmin must be true or false' }) });
/** PATCH /api/admin/users/{id}/pause */
export const pauseToggleSchema = z.object({
  isPaused: z.boolean({ error: 'isPaused must be true or false' }),
  reason: moderationReasonSchema,
});
/** PATCH /api/admin/projects/{id}/visibility */
export const visibilitySchema = z.object({ hidden: z.boolean({ error: 'hidden must be true or false' }) });
/**
 * PATCH /api/admin/projects/{id}/visibility and /api/admin/test-requests/{id}/visibility: the toggle and
 * its public reason (the moderation log).
 */
export const moderatedVisibilitySchema = visibilitySchema.extend({ reason: moderationReasonSchema });
