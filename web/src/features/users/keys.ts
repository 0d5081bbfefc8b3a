import { apiKey, endpoints } from '../../lib/api';

/** SWR key of a user's profile (GET /api/users/{username}). */
export function userKey(username: string) {
  return apiKey(endpoints.users.profile, { params: { username } });
}
