/** SWR keys of the messages area; mutations revalidate them together. */
export const MESSAGES_KEY = '/api/messages';
/** The admin's view of every message (GET /api/admin/messages). */
export const ADMIN_MESSAGES_KEY = '/api/admin/messages';
/** The header badge (GET /api/messages/unread-count). */
export const UNREAD_COUNT_KEY = '/api/messages/unread-count';
/** The recipient picker (GET /api/users). */
export const USER_OPTIONS_KEY = '/api/users';

/** True for every key whose data changes when a message is sent, read or deleted. */
export function isMessagesKey(key: unknown): boolean {
  return key === MESSAGES_KEY || key === ADMIN_MESSAGES_KEY || key === UNREAD_COUNT_KEY;
}

/**
 * The app's SWR defaults never revalidate cached data on mount (spec §7), and a push or a write made
 * while this list was not on screen cannot reach it; moderation and inbox lists refetch when they
 * mount, showing the cached rows meanwhile.
 */
export const FRESH_ON_MOUNT = { revalidateOnMount: true } as const;
