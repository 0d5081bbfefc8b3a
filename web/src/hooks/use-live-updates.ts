import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import type { CommentPush, ServerToClientEvents } from '@vitrine/domain/events';
import { onResync, withSocket } from '../lib/socket';
import { STALE_AFTER, type InvalidatingEvent, type StaleRule } from '../lib/live-keys';
import { revalidate as revalidateGroups, revalidateShown } from '../lib/revalidate';
import { applyCommentCount, applyLiveCounts } from '../lib/project-cache';

/**
 * Mount once at the root of the app (inside SWRConfig). Opens the socket (it follows the signed-in
 * user by itself) and turns every push into SWR: `project:counts` and the comment count of the
 * `comment:*` pushes are written into the cached answers showing that project, the invalidating pushes revalidate the keys lib/live-keys.ts maps them to
 * (a burst settles first where the rule says so), and after a reconnect or a server `sync` everything
 * shown is revalidated, since pushes may have been missed. Lists made with useSWRInfinite, which key
 * filters do not reach, are revalidated through their registration (lib/revalidate.ts).
 */
export function useLiveUpdates(): void {
  const { cache, mutate, fallback } = useSWRConfig();

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const settling = new Set<InvalidatingEvent>();
    const revalidate = (event: InvalidatingEvent, rule: StaleRule) => {
      if (!rule.settleMs) return void revalidateGroups(rule.keys, mutate);
      if (settling.has(event)) return;
      settling.add(event);
      const timer = setTimeout(() => {
        timers.delete(timer);
        settling.delete(event);
        void revalidateGroups(rule.keys, mutate);
      }, rule.settleMs);
      timers.add(timer);
    };
    const rules = Object.entries(STALE_AFTER) as Array<[InvalidatingEvent, StaleRule]>;
    const handlers = rules.map(([event, rule]) => [event, () => revalidate(event, rule)] as const);
    const onCounts: ServerToClientEvents['project:counts'] = (counts) =>
      void applyLiveCounts({ cache, mutate, fallback }, counts);
    const onComment = (push: CommentPush) => void applyCommentCount({ cache, mutate, fallback }, push);
    const commentEvents = ['comment:created', 'comment:updated', 'comment:deleted'] as const;

    const detach = withSocket((socket) => {
      socket.on('project:counts', onCounts);
      for (const event of commentEvents) socket.on(event, onComment);
      for (const [event, handler] of handlers) socket.on(event, handler);
      return () => {
        socket.off('project:counts', onCounts);
        for (const event of commentEvents) socket.off(event, onComment);
        for (const [event, handler] of handlers) socket.off(event, handler);
      };
    });
    const stopResync = onResync(() => void revalidateShown(mutate));
    return () => {
      detach();
      stopResync();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [cache, mutate, fallback]);
}
