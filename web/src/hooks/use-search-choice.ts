import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';

/** A choice kept in the address's query string: its parameter, its values and the one it has when absent. */
export interface SearchChoice<V extends string> {
  name: string;
  values: readonly V[];
  fallback: V;
}

/** The value of `choice` in `params`: the fallback when it is absent or not one of its values. */
export function readChoice<V extends string>(params: URLSearchParams, choice: SearchChoice<V>): V {
  const raw = params.get(choice.name);
  return raw !== null && (choice.values as readonly string[]).includes(raw) ? (raw as V) : choice.fallback;
}

/**
 * A choice of the page (a tab, a sort, a period) held in the address (`/?tab=trending&period=month`),
 * so reload, Back and a shared link show what was chosen, and the server renders it. Changing it
 * replaces the history entry; the fallback value leaves the parameter out.
 */
export function useSearchChoice<V extends string>(choice: SearchChoice<V>): [V, (next: V) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const { name, fallback } = choice;
  const set = useCallback(
    (next: V) => {
      const params = new URLSearchParams(window.location.search);
      if (next === fallback) params.delete(name);
      else params.set(name, next);
      const query = params.toString();
      // The hash stays: /#leaderboard names where the page scrolls to.
      navigate(`${location}${query ? `?${query}` : ''}${window.location.hash}`, { replace: true });
    },
    [navigate, location, name, fallback],
  );
  return [readChoice(new URLSearchParams(search), choice), set];
}
