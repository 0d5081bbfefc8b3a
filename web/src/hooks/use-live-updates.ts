import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { getSocket, onResync } from '../lib/socket';
import { useLiveEvent } from './use-live-event';

/** Lists are revalidated at most this often when projects change in a burst. */
const LIST_REFRESH_MS = 1000;

/** SWR keys of project lists and pages: latest, trending, leaderboard, detail, profiles, admin list. */
export function isProjectsKey(key: unknown): boolean {
  return typeof key === 'string' && (key.startsWith('/api/projects') || key.startsWith('/api/users/') || key.startsWith('/api/admin/projects'));
}

/** Every key but the current user's (the session store reloads that itself). */
function isShownKey(key: unknown): boolean {
  return !(typeof key === 'string' && key.startsWith('/api/auth/'));
}

/**
 * Mount once at the root of the app. Opens the socket (it follows the signed-in user by itself),
 * revalidates project lists when projects are created, edited, hidden or deleted ('projects:changed',
 * throttled), and after a reconnect or a server 'sync' revalidates everything shown, since pushes may
 * have been missed. Lists made with useSWRInfinite are not reached by key filters: give them
 * `useLiveEvent('projects:changed', () => mutate())` next to the hook that owns them.
 */
export function useLiveUpdates(): void {
  const { mutate } = useSWRConfig();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    getSocket();
    const stop = onResync(() => void mutate(isShownKey));
    return () => {
      stop();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [mutate]);

  useLiveEvent('projects:changed', () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void mutate(isProjectsKey);
    }, LIST_REFRESH_MS);
  });
}
