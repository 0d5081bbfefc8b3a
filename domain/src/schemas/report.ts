import { z } from '../zod';
import { REPORT_REASONS, REPORT_STATUSES } from '../constants';

/** Report input. projectId in the body is optional: the path names the project. */
export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'Please select a reason for reporting this project' }),
  additionalDetails: z
    .string({ error: 'Additional details must be less than 500 characters' })
    .trim()
    .max(500, 'Additional details must be less than 500 characters')
    .optional()
    .nullable(),
  projectId: z.unknown().optional(),
});
export type ReportInput = z.input<typeof reportSchema>;

/** Admin update of a report: a new status with optional notes. */
export const reportUpdateSchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: 'status must be pending, reviewed, dismissed or removed' }),
  adminNotes: z
    .string({ error: 'Admin notes must be text' })
    .trim()
    .max(1000, 'Admin notes must be 1000 characters or less')
    .optional()
    .nullable(),
});

/** GET /api/admin/reports query. */
export const reportListQuerySchema = z.object({
  status: z
    .enum(REPORT_STATUSES, { error: 'status must be pending, reviewed, dismissed or removed' })
    .default('pending'),
});
