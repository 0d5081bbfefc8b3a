import { useEffect, useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import { nextLink } from '@vitrine/domain/link-header';
import { getRaw, type ApiKey } from '../lib/api';
import { registerPagedList } from '../lib/revalidate';

/**
 * One page of a list as the server answered it: its rows and the URL of the next page (its Link
 * rel="next"), null on the last. The server renderer seeds a list's first page in this shape
 * (entry-server.tsx).
 */
export interface ListPage<T> {
  rows: T[];
  next: string | null;
}

/** GETs a page and reads its Link header. */
async function fetchPage<T>(url: string): Promise<ListPage<T>> {
  const res = await getRaw(url);
  return { rows: (await res.json()) as T[], next: nextLink(res.headers.get('Link')) };
}

/**
 * A section of a page that lists its own rows (a project's comments, its updates): read again when it
 * mounts, as deep as it was when its key changes, refreshed by its own writes and pushes rather than
 * registered with lib/revalidate.ts.
 */
export const SECTION_LIST = { persistSize: true, revalidateOnMount: true, live: false } as const;

/** How a list reads its pages. */
export interface ListOptions {
  /**
   * Refetch when it mounts, showing the cached rows meanwhile (moderation and inbox lists must not show
   * an old answer as current); unset, a list the server rendered is not read again at hydration (app.tsx).
   */
  revalidateOnMount?: boolean;
  /** Keep the rows of the previous key while a new one loads (a search being typed). */
  keepPreviousData?: boolean;
  /** Keep the number of pages loaded when the key changes (a project's threads: a sort change keeps Load More's depth). */
  persistSize?: boolean;
  /**
   * Register with lib/revalidate.ts, so writes and pushes of its group of keys refetch it (default
   * true). A list whose screen handles its own pushes (comments, updates) says false.
   */
  live?: boolean;
}

/** What a list offers its screen. */
export interface List<T> {
  /** Every row of the pages loaded, undefined until the first page arrives. */
  data: T[] | undefined;
  error: unknown;
  isLoading: boolean;
  /** Some page is being fetched (the first, a next one, or a refetch). */
  isValidating: boolean;
  /** Another page follows the last one loaded (its Link named one). */
  hasMore: boolean;
  /** The next page is being fetched. */
  isLoadingMore: boolean;
  /** Fetches the next page: the URL the last page's Link header named. */
  loadMore: () => void;
  /** Refetches every page loaded, each from the fresh answer of the one before. */
  mutate: () => Promise<unknown>;
}

/**
 * The one hook of every paged list (docs/web-client.md "Paged lists"): the first page from `url` (an
 * `apiKey` of a paged read, null: nothing read), each next page from the URL its predecessor's Link
 * header names (rel="next"), so no list guesses from a page's size or writes a cursor itself.
 */
export function useList<T>(url: ApiKey<T[]> | null, options: ListOptions = {}): List<T> {
  const { revalidateOnMount, keepPreviousData, persistSize, live = true } = options;
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite<ListPage<T>, Error>(
    (index, previous: ListPage<T> | null) => (index === 0 ? url : (previous?.next ?? null)),
    fetchPage,
    { revalidateOnMount, revalidateFirstPage: false, keepPreviousData, persistSize },
  );
  useEffect(() => (url === null || !live ? undefined : registerPagedList(url, () => mutate())), [url, live, mutate]);
  const rows = useMemo(() => data?.flatMap((page) => page.rows), [data]);
  return {
    data: rows,
    error,
    isLoading,
    isValidating,
    hasMore: Boolean(data?.at(-1)?.next),
    isLoadingMore: size > 1 && data !== undefined && data[size - 1] === undefined,
    loadMore: () => void setSize(size + 1),
    mutate: () => mutate(),
  };
}
