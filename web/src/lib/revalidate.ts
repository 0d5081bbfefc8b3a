/**
 * Revalidation by group of keys (lib/live-keys.ts), paged lists included. SWR's filter `mutate`
 * skips useSWRInfinite's keys (hooks/use-list.ts is built on it), so a list registers here under the
 * URL of its first page, and `revalidate` reaches both: the plain keys through the filter, the lists
 * through their own bound `mutate` (which refetches every page loaded, each from the previous one's
 * fresh answer). Writes and the server's pushes (hooks/use-live-updates.ts) go through here; a list
 * whose push carries what it shows (the comments, the notifications) also listens for it itself
 * (docs/web-client.md "Server pushes -> SWR").
 */
import { mutate as globalMutate, type ScopedMutator } from 'swr';
import { isShownKey, keysOf, type KeyGroup } from './live-keys';

interface PagedList {
  url: string;
  revalidate: () => unknown;
}

const pagedLists = new Set<PagedList>();

/** Registers a mounted infinite list (the URL of its first page); answers the unregister function (use in an effect). */
export function registerPagedList(url: string, revalidate: () => unknown): () => void {
  const list = { url, revalidate };
  pagedLists.add(list);
  return () => {
    pagedLists.delete(list);
  };
}

/** Revalidates every key of `groups` and every mounted infinite list among them. */
export async function revalidate(groups: readonly KeyGroup[], mutate: ScopedMutator = globalMutate): Promise<void> {
  await revalidateWhere(keysOf(...groups), mutate);
}

/** Revalidates every key `matches` takes, and every mounted infinite list whose first page's URL it takes. */
export async function revalidateWhere(
  matches: (key: unknown) => boolean,
  mutate: ScopedMutator = globalMutate,
): Promise<void> {
  const lists = [...pagedLists].filter((list) => matches(list.url));
  await Promise.all([mutate(matches), ...lists.map((list) => list.revalidate())]);
}

/** Revalidates everything shown but the session (after a reconnect or a server `sync`). */
export async function revalidateShown(mutate: ScopedMutator = globalMutate): Promise<void> {
  await Promise.all([mutate(isShownKey), ...[...pagedLists].map((list) => list.revalidate())]);
}
