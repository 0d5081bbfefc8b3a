/** Test requests: statuses, limits and the transition rule. */
import { addDays, isAfter } from 'date-fns';

/** Request statuses, in the order a request moves through them. */
export const REQUEST_STATUSES = ['open', 'in_progress', 'completed', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Statuses in which a request is active: at most one active request per project. */
const ACTIVE_REQUEST_STATUSES: readonly RequestStatus[] = ['open', 'in_progress'];

/** How many testers a request may take (MaxTesters 1-50). */
export const MAX_TESTERS_MIN = 1;
export const MAX_TESTERS_MAX = 50;
/** Most skills a request may list, and the longest skill. */
export const MAX_SKILLS = 10;
export const MAX_SKILL_LENGTH = 30;
/** A user rating can be changed this long after it was first given (7 days). */
export const USER_RATING_EDIT_DAYS = 7;
/**
 * Activity points a tester earns when the owner marks their feedback helpful: the only way to earn them
 * (joining a request or posting feedback earns none, so joining and leaving cannot farm points).
 */
export const HELPFUL_FEEDBACK_POINTS = 5;
/** Requests per page of /test-requests (the listing page size). */
export const REQUEST_PAGE_SIZE = 6;
/** Sorts of the /test-requests list. */
export const REQUEST_SORTS = ['deadline', 'newest'] as const;
export type RequestSort = (typeof REQUEST_SORTS)[number];

/** Human words for a status, as the pages show them. */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The moves the owner may make: open -> in_progress -> completed; cancel from open or in_progress. */
const ALLOWED: Record<RequestStatus, readonly RequestStatus[]> = {
  open: ['in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/**
 * Decides a status change. Answers null when `from` may move to `to`, else the message the 409 carries.
 * Staying in the same status is refused too: the caller asked for a change that is not one.
 */
export function transitionRefusal(from: RequestStatus, to: RequestStatus): string | null {
  if (ALLOWED[from].includes(to)) return null;
  if (from === to) return `This test request is already ${REQUEST_STATUS_LABELS[from].toLowerCase()}`;
  if (from === 'completed' || from === 'cancelled') {
    return `This test request is ${REQUEST_STATUS_LABELS[from].toLowerCase()} and can no longer change`;
  }
  return `A test request cannot move from ${REQUEST_STATUS_LABELS[from].toLowerCase()} to ${REQUEST_STATUS_LABELS[to].toLowerCase()}`;
}

/** The statuses `from` may move to, for the owner's buttons. */
export function nextStatuses(from: RequestStatus): readonly RequestStatus[] {
  return ALLOWED[from];
}

/** Whether a request in `status` counts as active (open or in progress). */
export function isActiveStatus(status: RequestStatus): boolean {
  return ACTIVE_REQUEST_STATUSES.includes(status);
}

/** Whether testers may still join: open, and the deadline (if any) not passed at `now`. */
export function joiningOpen(
  request: { status: RequestStatus; deadline: string | Date | null },
  now: Date = new Date(),
): boolean {
  if (request.status !== 'open') return false;
  if (request.deadline === null) return true;
  return isAfter(request.deadline, now);
}

/** The last moment a rating given at `createdAt` can be changed: USER_RATING_EDIT_DAYS later. */
export function ratingEditableUntil(createdAt: Date): Date {
  return addDays(createdAt, USER_RATING_EDIT_DAYS);
}

/** The role that takes part as a tester / as a developer. */
export function canTest(role: 'developer' | 'tester' | 'both'): boolean {
  return role === 'tester' || role === 'both';
}
