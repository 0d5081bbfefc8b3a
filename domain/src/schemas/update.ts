import { z } from '../zod';
import { MAX_ROW_ID, pageLimitSchema, queryRowIdSchema } from './paging';
import {
  MAX_ADDRESSED_FEEDBACK,
  MAX_UPDATE_PAGE,
  UPDATE_BODY_MAX_LENGTH,
  UPDATE_BODY_MIN_LENGTH,
  UPDATE_PAGE_SIZE,
  UPDATE_TITLE_MAX_LENGTH,
  UPDATE_TITLE_MIN_LENGTH,
} from '../devlogs';

export * from '../devlogs';

const TITLE_LENGTH = `Update titles must be between ${UPDATE_TITLE_MIN_LENGTH} and ${UPDATE_TITLE_MAX_LENGTH} characters`;
const BODY_LENGTH = `Updates must be between ${UPDATE_BODY_MIN_LENGTH} and ${UPDATE_BODY_MAX_LENGTH.toLocaleString('en-US')} characters`;
const FEEDBACK_ID = 'addressesFeedbackIds must be a list of feedback ids';

/** An update's title, 3-100 characters after trimming. */
const titleSchema = z
  .string({ error: TITLE_LENGTH })
  .trim()
  .min(UPDATE_TITLE_MIN_LENGTH, TITLE_LENGTH)
  .max(UPDATE_TITLE_MAX_LENGTH, TITLE_LENGTH);

/** An update's markdown source, 1-5,000 characters after trimming. */
const bodySchema = z
  .string({ error: 'Please write the update' })
  .trim()
  .min(UPDATE_BODY_MIN_LENGTH, 'Please write the update')
  .max(UPDATE_BODY_MAX_LENGTH, BODY_LENGTH);

/** The feedback items an update addresses: distinct ids, at most MAX_ADDRESSED_FEEDBACK. */
const addressedSchema = z
  .array(z.number({ error: FEEDBACK_ID }).int(FEEDBACK_ID).min(1, FEEDBACK_ID).max(MAX_ROW_ID, FEEDBACK_ID), {
    error: FEEDBACK_ID,
  })
  .max(MAX_ADDRESSED_FEEDBACK, `An update may address at most ${MAX_ADDRESSED_FEEDBACK} feedback items`)
  .transform((ids) => [...new Set(ids)]);

/** POST /api/projects/{id}/updates */
export const updateCreateSchema = z.object({
  title: titleSchema,
  body: bodySchema,
  addressesFeedbackIds: addressedSchema.optional().describe("feedback of the project's own test requests it addresses"),
});
export type UpdateCreateInput = z.input<typeof updateCreateSchema>;

/** PATCH /api/projects/{id}/updates/{updateId}: what changes (the addressed list is replaced when given). */
export const updateEditSchema = z
  .object({
    title: titleSchema.optional(),
    body: bodySchema.optional(),
    addressesFeedbackIds: addressedSchema.optional().describe('replaces the list; testers newly named are told'),
  })
  .refine((v) => v.title !== undefined || v.body !== undefined || v.addressesFeedbackIds !== undefined, {
    message: 'Nothing to change',
  });
export type UpdateEditInput = z.input<typeof updateEditSchema>;

/** GET /api/projects/{id}/updates query: the keyset (`after`: the previous page's last update) and the page size. */
export const updateListQuerySchema = z.object({
  after: queryRowIdSchema('after must be an update id')
    .optional()
    .describe("the id of the previous page's last update (from the Link header); the page starts right after it"),
  limit: pageLimitSchema(UPDATE_PAGE_SIZE, MAX_UPDATE_PAGE),
});
