/**
 * A profile's follow state lives in the SWR cache, in the profile's answer (GET /api/users/{username},
 * under any letter case of the name): the viewer's follow call and the `user:followers` pushes are
 * written there, so the follower count shown is always the answer's.
 */
import type { UserProfile } from '@vitrine/domain/answers';
import { apiPattern, endpoints } from '../../lib/api';
import type { SwrCache } from '../../lib/project-cache';

/** The fields of a profile's user that a follow changes. */
export type FollowPatch = Partial<Pick<UserProfile['user'], 'followers' | 'viewerFollows'>>;

/** The URLs of profile answers (no query). */
const PROFILE_URL = apiPattern(endpoints.users.profile);

/** The profile answer's user when `data` is one of `username` (any letter case), else null. */
function profileUserOf(data: unknown, username: string): UserProfile['user'] | null {
  const user = typeof data === 'object' && data !== null ? (data as Partial<UserProfile>).user : undefined;
  if (typeof user !== 'object' || user === null || typeof user.username !== 'string') return null;
  return user.username.toLowerCase() === username.toLowerCase() ? user : null;
}

/**
 * Writes `patch` into every cached answer of the profile `username` as shown now (the server render's
 * until the first fetch), without refetching.
 */
export async function patchCachedProfile(swr: SwrCache, username: string, patch: FollowPatch): Promise<void> {
  const keys = new Set([...swr.cache.keys(), ...Object.keys(swr.fallback ?? {})]);
  await Promise.all(
    [...keys].map((key) => {
      if (!PROFILE_URL.test(key)) return undefined;
      const cached: unknown = swr.cache.get(key)?.data;
      const shown = cached === undefined ? swr.fallback?.[key] : cached;
      const user = profileUserOf(shown, username);
      if (!user) return undefined;
      const next = { ...(shown as UserProfile), user: { ...user, ...patch } };
      return swr.mutate(key, next, { revalidate: false });
    }),
  );
}
