import { z } from '../zod';
import { RISING_DEFAULT_LIMIT, RISING_MAX_LIMIT } from '../constants';
import { MAX_ROW_ID, pageLimitSchema } from './paging';

const IDS_TEXT = `projectIds must be a list of 1 to ${RISING_MAX_LIMIT} project ids`;

/** GET /api/projects/rising query: how many projects the strip shows. */
export const risingQuerySchema = z.object({
  limit: pageLimitSchema(RISING_DEFAULT_LIMIT, RISING_MAX_LIMIT),
});

/** POST /api/impressions body: the strip's projects whose cards were on screen (at most a strip's worth). */
export const impressionsSchema = z.object({
  projectIds: z
    .array(z.number({ error: IDS_TEXT }).int(IDS_TEXT).min(1, IDS_TEXT).max(MAX_ROW_ID, IDS_TEXT), {
      error: IDS_TEXT,
    })
    .min(1, IDS_TEXT)
    .max(RISING_MAX_LIMIT, IDS_TEXT),
});
