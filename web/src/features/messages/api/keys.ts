import { apiKey, endpoints } from '../../../lib/api';

/** SWR keys of the messages area; mutations revalidate them together. The viewer's own box (GET /api/messages). */
export const MESSAGES_KEY = apiKey(endpoints.messages.list);
/** The admin's view of every message (GET /api/admin/messages). */
export const ADMIN_MESSAGES_KEY = apiKey(endpoints.admin.messages);
/** The header badge (GET /api/messages/unread-count). */
export const UNREAD_COUNT_KEY = apiKey(endpoints.messages.unreadCount);
/** The recipient picker (GET /api/users). */
export const USER_OPTIONS_KEY = apiKey(endpoints.users.options);
