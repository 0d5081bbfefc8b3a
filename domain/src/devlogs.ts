/**
 * The numbers and texts of a project's updates (devlogs), without zod (the web's page chunks import
 * them; the schemas are domain/src/schemas/update.ts).
 */
import { millisecondsInHour } from './constants';

/** The shortest and longest update title (characters, after trimming). */
export const UPDATE_TITLE_MIN_LENGTH = 3;
export const UPDATE_TITLE_MAX_LENGTH = 100;
/** The shortest and longest update body (characters of the markdown source, after trimming), as comments. */
export const UPDATE_BODY_MIN_LENGTH = 1;
export const UPDATE_BODY_MAX_LENGTH = 5000;
/** The most feedback items one update may name as addressed. */
export const MAX_ADDRESSED_FEEDBACK = 20;
/** Updates per page of a project's list unless `limit` says otherwise. */
export const UPDATE_PAGE_SIZE = 10;
/** The most updates one page answers. */
export const MAX_UPDATE_PAGE = 50;
/** The most feedback items the owner's picker lists (the newest of the project's test requests). */
export const ADDRESSABLE_FEEDBACK_LIMIT = 100;

/**
 * Updates an owner may post per window (RATE_LIMIT_MULTIPLIER multiplies the points): the `updatePost`
 * limiter of api/src/middleware/rate-limit.ts, spent by the posts that succeed.
 */
export const UPDATE_QUOTA = { points: 5, windowMs: millisecondsInHour } as const;
/** The 429 of a spent update quota. */
export const UPDATE_QUOTA_MESSAGE = 'You are posting updates too fast. Please wait a while before posting another.';
/** The 403 of a write by anyone but the project's owner. */
export const UPDATE_FORBIDDEN = 'Only the project owner can post updates';
/** The 403 of a write on a hidden project. */
export const UPDATES_CLOSED = 'Updates are closed while the project is hidden';
/** The 404 of an update that is missing, deleted, or on a project hidden from the caller. */
export const UPDATE_NOT_FOUND = 'Update not found';
/** The 400 of an addressed feedback item that is not from one of the project's test requests. */
export const FOREIGN_FEEDBACK = "You can only mark feedback from this project's test requests as addressed";
