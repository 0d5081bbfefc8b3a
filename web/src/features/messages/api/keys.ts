/** SWR keys of the messages area; mutations revalidate them together. */
export const MESSAGES_KEY = '/api/messages';
/** The admin's view of every message (GET /api/admin/messages). */
export const ADMIN_MESSAGES_KEY = '/api/admin/messages';
/** The header badge (GET /api/messages/unread-count). */
export const UNREAD_COUNT_KEY = '/api/messages/unread-count';
/** The recipient picker (GET /api/users). */
export const USER_OPTIONS_KEY = '/api/users';
