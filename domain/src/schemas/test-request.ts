import { z } from '../zod';
import { CATEGORIES, ROLES } from '../constants';
import { offsetSchema } from './paging';
import {
  MAX_SKILL_LENGTH,
  MAX_SKILLS,
  MAX_TESTERS_MAX,
  MAX_TESTERS_MIN,
  REQUEST_PAGE_SIZE,
  REQUEST_SORTS,
  REQUEST_STATUSES,
} from '../test-requests';

const TITLE_MIN = 'Title must be at least 3 characters';
const TITLE_MAX = 'Title cannot exceed 100 characters';
// The form labels the description "What should testers do?": its messages say so too.
const DESCRIPTION_MIN = 'What testers should do must be at least 10 characters';
const DESCRIPTION_MAX = 'What testers should do cannot exceed 1000 characters';
const MAX_TESTERS_MESSAGE = `Max testers must be a whole number from ${MAX_TESTERS_MIN} to ${MAX_TESTERS_MAX}`;
const DEADLINE_MESSAGE = 'Deadline must be a date such as 2026-05-31';
const FEEDBACK_TEXT_MAX = 2000;

/** Skills arrive as a list of tags: trimmed, de-duplicated in any case, empty ones dropped. */
const skillsSchema = z
  .array(
    z
      .string({ error: 'Each skill must be text' })
      .trim()
      .max(MAX_SKILL_LENGTH, `A skill cannot exceed ${MAX_SKILL_LENGTH} characters`),
    {
      error: 'Skills needed must be a list of tags',
    },
  )
  .transform((list) => {
    const seen: string[] = [];
    for (const s of list) if (s && !seen.some((t) => t.toLowerCase() === s.toLowerCase())) seen.push(s);
    return seen;
  })
  .refine((list) => list.length <= MAX_SKILLS, `List at most ${MAX_SKILLS} skills`);

/** An ISO date ('2026-05-31') or date-time; a date alone means the end of that day (UTC). */
const deadlineSchema = z
  .string({ error: DEADLINE_MESSAGE })
  .trim()
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)),
    DEADLINE_MESSAGE,
  )
  .transform((v) => (v.length === 10 ? new Date(`${v}T23:59:59.999Z`) : new Date(v)));

const fields = {
  title: z.string({ error: TITLE_MIN }).trim().min(3, TITLE_MIN).max(100, TITLE_MAX),
  description: z.string({ error: DESCRIPTION_MIN }).trim().min(10, DESCRIPTION_MIN).max(1000, DESCRIPTION_MAX),
  skillsNeeded: skillsSchema,
  deadline: deadlineSchema.nullable(),
  maxTesters: z.coerce
    .number({ error: MAX_TESTERS_MESSAGE })
    .int(MAX_TESTERS_MESSAGE)
    .min(MAX_TESTERS_MIN, MAX_TESTERS_MESSAGE)
    .max(MAX_TESTERS_MAX, MAX_TESTERS_MESSAGE),
};

/** POST /api/test-requests: a project's owner opens a request. */
export const testRequestCreateSchema = z.object({
  projectId: z.coerce
    .number({ error: 'Please choose a project' })
    .int('Please choose a project')
    .positive('Please choose a project'),
  ...fields,
  skillsNeeded: fields.skillsNeeded.default([]),
  deadline: fields.deadline.optional().default(null),
});
export type TestRequestCreateInput = z.infer<typeof testRequestCreateSchema>;

/** PATCH /api/test-requests/{id}: any of the fields, and `status` (moved by the transition rule). */
export const testRequestUpdateSchema = z
  .object({
    ...fields,
    status: z.enum(REQUEST_STATUSES, { error: 'Status must be open, in_progress, completed or cancelled' }),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type TestRequestUpdateInput = z.infer<typeof testRequestUpdateSchema>;

/** GET /api/test-requests query: filters, sort and paging (offset / limit as the project lists, or `after` for Load More). */
export const testRequestListQuerySchema = z.object({
  skill: z
    .string()
    .trim()
    .max(MAX_SKILL_LENGTH)
    .optional()
    .transform((v) => v || undefined),
  category: z
    .enum(CATEGORIES, { error: 'Unknown category' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  sort: z.enum(REQUEST_SORTS, { error: 'Sort must be deadline or newest' }).default('newest'),
  status: z.enum(['open', 'all'], { error: 'Status must be open or all' }).default('open'),
  offset: offsetSchema,
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1)
    .max(50, 'limit must be 50 or less')
    .default(REQUEST_PAGE_SIZE),
  q: z.string({ error: 'Search must be text' }).trim().max(100, 'Search must be 100 characters or less').optional(),
  /** Load More's keyset: the id of the previous page's last request; the page starts after it (offset is then ignored). */
  after: z.coerce
    .number({ error: 'after must be a test request id' })
    .int('after must be a test request id')
    .min(1, 'after must be a test request id')
    .max(2_147_483_647, 'after must be a test request id')
    .optional(),
});

const section = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(FEEDBACK_TEXT_MAX, `${label} cannot exceed ${FEEDBACK_TEXT_MAX} characters`);

/** PUT /api/test-requests/{id}/feedback: a tester's structured feedback and 1-10 score. */
export const feedbackSchema = z
  .object({
    worked: section('What worked').default(''),
    problems: section('Problems found').default(''),
    suggestions: section('Suggestions').default(''),
    score: z.coerce
      .number({ error: 'Score must be a whole number from 1 to 10' })
      .int('Score must be a whole number from 1 to 10')
      .min(1, 'Score must be a whole number from 1 to 10')
      .max(10, 'Score must be a whole number from 1 to 10'),
  })
  .refine((v) => (v.worked + v.problems + v.suggestions).length >= 10, {
    error: 'Feedback must be at least 10 characters',
    path: ['worked'],
  });
export type FeedbackInput = z.infer<typeof feedbackSchema>;

/** POST /api/test-requests/{id}/ratings (integer 1 to 10, feedback at most 500). */
export const userRatingSchema = z.object({
  ratedUserId: z.coerce.number({ error: 'Please choose whom to rate' }).int().positive('Please choose whom to rate'),
  rating: z.coerce
    .number({ error: 'Rating must be a whole number from 1 to 10' })
    .int('Rating must be a whole number from 1 to 10')
    .min(1, 'Rating must be a whole number from 1 to 10')
    .max(10, 'Rating must be a whole number from 1 to 10'),
  feedback: z
    .string({ error: 'Feedback must be text' })
    .trim()
    .max(500, 'Feedback must be 500 characters or less')
    .optional()
    .nullable()
    .transform((v) => v || null),
});
export type UserRatingInput = z.infer<typeof userRatingSchema>;

/** PATCH /api/users/me: profile settings (the registration rules for role, email and bio). */
export const settingsSchema = z
  .object({
    role: z.enum(ROLES, { error: 'Role must be developer, tester or both' }),
    bio: z
      .string({ error: 'Bio must be 500 characters or less' })
      .trim()
      .max(500, 'Bio must be 500 characters or less')
      .nullable()
      .transform((v) => v || null),
    email: z
      .union([z.literal(''), z.email('Invalid email format').max(254, 'Invalid email format')], {
        error: 'Invalid email format',
      })
      .nullable()
      .transform((v) => v || null),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type SettingsInput = z.infer<typeof settingsSchema>;
