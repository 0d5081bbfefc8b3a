import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { useLiveEvent } from '../../../hooks/use-live-event';
import { watchProfile } from '../../../lib/socket';
import { patchCachedProfile } from '../profile-cache';

/**
 * While a profile is shown: watches its room (`profile:watch`, lib/socket.ts) and writes each
 * `user:followers` push into the cached profile answer, so its follower count moves for everyone
 * looking at it (visitors, other members, the maker). Missed pushes are refetched after a reconnect.
 */
export function useLiveFollowers(username: string): void {
  const { cache, mutate, fallback } = useSWRConfig();
  useEffect(() => watchProfile(username), [username]);
  useLiveEvent('user:followers', ({ username: name, followers }) => {
    void patchCachedProfile({ cache, mutate, fallback }, name, { followers });
  });
}
