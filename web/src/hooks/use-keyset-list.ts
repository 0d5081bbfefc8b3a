import { useEffect, useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import { nextLink } from '@vitrine/domain/schemas/paging';
import { getRaw, type ApiKey } from '../lib/api';
import { registerPagedList } from '../lib/revalidate';

/** One page as the server answered it: its rows and the URL of the next page (Link rel="next"), if any. */
interface KeysetPage<T> {
  items: T[];
  next: string | null;
}

/** GETs a page and reads its Link header. */
async function fetchPage<T>(url: string): Promise<KeysetPage<T>> {
  const res = await getRaw(url);
  return { items: (await res.json()) as T[], next: nextLink(res.headers.get('Link')) };
}

/** What a keyset list offers its screen. */
export interface KeysetList<T> {
  /** Every row of the pages loaded, undefined until the first page arrives. */
  data: T[] | undefined;
  error: unknown;
  isLoading: boolean;
  /** Another page follows the last one loaded. */
  hasMore: boolean;
  /** The next page is being fetched. */
  isLoadingMore: boolean;
  /** Fetches the next page (the URL the last page's Link header named). */
  loadMore: () => void;
  /** Refetches every page loaded. */
  mutate: () => Promise<unknown>;
}

/**
 * A newest-first list paged by keyset (the inbox and the admin lists, docs/api.md "Paging"): the
 * first page from `url`, each next page from the URL its predecessor's Link header names. The list
 * refetches when it mounts (moderation and inbox lists must not show an old answer as current) and
 * registers itself with lib/revalidate.ts, so writes and pushes of its group of keys refetch it.
 */
export function useKeysetList<T>(url: ApiKey<T[]> | null, options: { keepPreviousData?: boolean } = {}): KeysetList<T> {
  const { data, error, size, setSize, isLoading, mutate } = useSWRInfinite<KeysetPage<T>, Error>(
    (index, previous: KeysetPage<T> | null) => (index === 0 ? url : (previous?.next ?? null)),
    fetchPage,
    { revalidateOnMount: true, revalidateFirstPage: false, keepPreviousData: options.keepPreviousData },
  );
  useEffect(() => (url === null ? undefined : registerPagedList(url, () => mutate())), [url, mutate]);
  const items = useMemo(() => data?.flatMap((page) => page.items), [data]);
  const isLoadingMore = size > 1 && data !== undefined && data[size - 1] === undefined;
  return {
    data: items,
    error,
    isLoading,
    hasMore: Boolean(data?.at(-1)?.next),
    isLoadingMore,
    loadMore: () => void setSize(size + 1),
    mutate: () => mutate(),
  };
}
