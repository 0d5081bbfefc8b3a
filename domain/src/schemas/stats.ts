import { z } from '../zod';
import { DEFAULT_STATS_WINDOW, STATS_WINDOWS } from '../stats';

const WINDOW_MESSAGE = 'days must be 7, 30 or 90';

/** GET /api/projects/{id}/stats?days=7|30|90 (30 when absent). */
export const statsQuerySchema = z.object({
  days: z.coerce
    .number({ error: WINDOW_MESSAGE })
    .refine((n) => (STATS_WINDOWS as readonly number[]).includes(n), WINDOW_MESSAGE)
    .default(DEFAULT_STATS_WINDOW),
});

/**
 * What the view beacon may say about where the reader came from (domain/src/stats.ts viewSource):
 * the page's referrer when it is the first page the reader opened, and its utm_source. Both optional;
 * only a host or a short utm_source is kept of them.
 */
export const viewInputSchema = z.object({
  referrer: z.string().max(4096, 'referrer is too long').optional(),
  utmSource: z.string().max(200, 'utmSource is too long').optional(),
});
