/** SWR key of a user's profile (GET /api/users/{username}). */
export function userKey(username: string): string {
  return `/api/users/${encodeURIComponent(username)}`;
}
