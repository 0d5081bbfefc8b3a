/**
 * The numbers and texts of comments on projects, without zod (the web's page chunks import them;
 * the schemas are domain/src/schemas/comment.ts).
 */
import { millisecondsInDay, millisecondsInHour } from './constants';

/** The shortest and longest comment (characters of the markdown source, after trimming). */
export const COMMENT_MIN_LENGTH = 1;
export const COMMENT_MAX_LENGTH = 5000;
/** Threads per page of a project's comments unless `limit` says otherwise. */
export const COMMENT_PAGE_SIZE = 20;
/** The most threads one page answers (each with at most MAX_REPLIES_SHOWN replies: db/src/queries/comments.ts). */
export const MAX_COMMENT_PAGE = 50;
/** How long after posting the author may edit a comment (ms). */
export const COMMENT_EDIT_WINDOW_MS = 15 * 60 * 1000;
/** At most this many `@username` mentions of a comment link to profiles. */
export const MAX_COMMENT_MENTIONS = 10;
/** The sorts of a project's threads: oldest first (default), or Top (by replies, then newest). */
export const COMMENT_SORTS = ['oldest', 'top'] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];

/**
 * Comments a member may post per window (RATE_LIMIT_MULTIPLIER multiplies the points): the `commentPost`
 * limiter of api/src/middleware/rate-limit.ts, spent by the posts that succeed.
 */
export const COMMENT_QUOTA = { points: 10, windowMs: 10 * 60 * 1000 } as const;
/** The stricter quota of an account younger than NEW_ACCOUNT_AGE_MS (`commentPost`'s young allowance). */
export const NEW_ACCOUNT_COMMENT_QUOTA = { points: 3, windowMs: millisecondsInHour } as const;
/** How young an account is "new": a limiter's young allowance applies (api/src/middleware/rate-limit.ts). */
export const NEW_ACCOUNT_AGE_MS = millisecondsInDay;
/** The 429 of a spent comment quota. */
export const COMMENT_QUOTA_MESSAGE = 'You are commenting too fast. Please wait a few minutes before commenting again.';
