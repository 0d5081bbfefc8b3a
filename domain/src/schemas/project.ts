import { z } from '../zod';
import {
  CATEGORIES,
  LATEST_SORTS,
  LEADERBOARD_RANGES,
  PAGE_SIZE,
  RATING_MAX,
  RATING_MIN,
  TRENDING_PERIODS,
} from '../constants';
import { MAX_ROW_ID, offsetSchema, pageLimitSchema, queryRowIdSchema } from './paging';

const SUBMIT_URL_MESSAGE = 'Please enter a valid URL including http:// or https://';
const EDIT_URL_MESSAGE = 'Must be a valid URL. Include http:// or https://';

/** An http(s) address; anything else (javascript:, data:, ftp:) is refused with `message`. */
export function httpUrl(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(2048, message)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
      } catch {
        return false;
      }
    }, message);
}

/** Tags arrive as comma-separated text; stored trimmed, de-duplicated and joined with ', '. */
const tagsSchema = z
  .string({ error: 'Tags must be comma-separated text' })
  .max(200, 'Tags cannot exceed 200 characters')
  .optional()
  .nullable()
  .transform((raw) => {
    const seen = new Set<string>();
    for (const tag of (raw ?? '').split(',')) {
      const t = tag.trim();
      if (t && ![...seen].some((s) => s.toLowerCase() === t.toLowerCase())) seen.add(t);
    }
    return [...seen].join(', ');
  });

/** Splits stored tags text into a list for display. */
export function splitTags(tags: string | null | undefined): string[] {
  return (tags ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** Project submission. */
export const projectSubmitSchema = z.object({
  title: z
    .string({ error: 'Title must be at least 3 characters' })
    .trim()
    .min(3, 'Title must be at least 3 characters')
    .max(100, 'Title cannot exceed 100 characters'),
  description: z
    .string({ error: 'Description must be at least 10 characters' })
    .trim()
    .min(10, 'Description must be at least 10 characters')
    .max(500, 'Description cannot exceed 500 characters'),
  replitUrl: httpUrl(SUBMIT_URL_MESSAGE),
  category: z.enum(CATEGORIES, { error: 'Please select a category' }),
  tags: tagsSchema,
});
export type ProjectSubmitInput = z.input<typeof projectSubmitSchema>;

/** Project edit: the same limits, with the edit form's URL text. */
export const projectEditSchema = projectSubmitSchema.extend({
  replitUrl: httpUrl(EDIT_URL_MESSAGE),
});
export type ProjectEditInput = z.input<typeof projectEditSchema>;

/** A rating: a whole number from 1 to 10. */
export const ratingSchema = z.object({
  rating: z
    .number({ error: 'Rating must be a whole number from 1 to 10' })
    .int('Rating must be a whole number from 1 to 10')
    .min(RATING_MIN, 'Rating must be a whole number from 1 to 10')
    .max(RATING_MAX, 'Rating must be a whole number from 1 to 10'),
});

/** Paging of every list: offset from 0 to MAX_OFFSET (deeper pages by `after`), limit 1..100, default one page. */
export const pagingSchema = z.object({
  offset: offsetSchema,
  limit: pageLimitSchema(PAGE_SIZE),
});

/** Load More's keyset: the id of the previous page's last project; the page starts after it (offset is then ignored). */
const afterSchema = queryRowIdSchema('after must be a project id')
  .optional()
  .describe(
    "Load More: the id of the previous page's last project; the page starts right after it (keyset, offset ignored)",
  );

/** A search box's text, trimmed; blank means no search. */
export const searchTextSchema = z
  .string({ error: 'Search must be text' })
  .trim()
  .max(100, 'Search must be 100 characters or less')
  .optional()
  .transform((q) => q || undefined)
  .describe(
    'Text searched for in title, description and tags, literally (% _ \\ are plain characters); at most 100 characters',
  );

/** GET /api/projects query; `q` searches title, description and tags (blank means no search). */
export const latestQuerySchema = pagingSchema.extend({
  sort: z.enum(LATEST_SORTS, { error: 'sort must be newest, votes, views or updated' }).default('newest'),
  q: searchTextSchema,
  after: afterSchema,
});
/** Projects one viewer-state call answers at most (a screen shows far fewer). */
export const MAX_VIEWER_STATE_IDS = 100;
/** GET /api/projects/viewer-state query: `ids`, comma-separated project ids. */
export const viewerStateQuerySchema = z.object({
  ids: z
    .string({ error: 'ids must be a comma-separated list of project ids' })
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'ids must be a comma-separated list of project ids')
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.length <= MAX_VIEWER_STATE_IDS, `ids must list at most ${MAX_VIEWER_STATE_IDS} projects`)
    .refine((ids) => ids.every((id) => id <= MAX_ROW_ID), 'ids must be a comma-separated list of project ids'),
});
/** GET /api/projects/trending query. */
export const trendingQuerySchema = pagingSchema.extend({
  period: z.enum(TRENDING_PERIODS, { error: 'period must be today, week or month' }).default('week'),
  after: afterSchema,
});
/** GET /api/projects/leaderboard query. */
export const leaderboardQuerySchema = pagingSchema.extend({
  timeRange: z.enum(LEADERBOARD_RANGES, { error: 'timeRange must be all, month or week' }).default('all'),
  limit: pagingSchema.shape.limit.default(10),
});

export { MAX_ROW_ID };
/** An id as a path writes it: decimal digits without a leading zero (no sign, space, exponent or 0x). */
const PATH_ID = /^[1-9][0-9]{0,9}$/;

/** Whether `value` is a row id: a whole number from 1 to MAX_ROW_ID (socket payloads, parsed JSON). */
export function isRowId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ROW_ID;
}

/** The row id `text` names in a path, or undefined unless it is decimal digits without a leading zero within int4. */
export function parsePathId(text: string): number | undefined {
  if (!PATH_ID.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_ROW_ID ? id : undefined;
}

/**
 * A numeric id in a path: decimal digits without a leading zero, 1 to MAX_ROW_ID. Not z.coerce:
 * Number() also reads '0x19', '1e1', '0b11', '+5', '05', '5.0' and ' 5', so one row had many addresses.
 */
export const idSchema = z
  .string({ error: 'Invalid id' })
  .regex(PATH_ID, 'Invalid id')
  .transform(Number)
  .refine((id) => id <= MAX_ROW_ID, 'Invalid id')
  .describe('a row id: decimal digits without a leading zero');
