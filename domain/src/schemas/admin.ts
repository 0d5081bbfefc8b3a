import { z } from 'zod';

/** PATCH /api/admin/users/{id}/admin */
export const adminToggleSchema = z.object({ isAdmin: z.boolean({ error: 'isAdmin must be true or false' }) });
/** PATCH /api/admin/users/{id}/pause */
export const pauseToggleSchema = z.object({ isPaused: z.boolean({ error: 'isPaused must be true or false' }) });
/** PATCH /api/admin/projects/{id}/visibility */
export const visibilitySchema = z.object({ hidden: z.boolean({ error: 'hidden must be true or false' }) });
