import { useEffect } from 'react';
import { SWRConfig, type Cache } from 'swr';
import { App } from './app';
import { INFINITE_PREFIX } from '../lib/live-keys';

/** Marks `<html data-hydrated>` once React has taken over the page (tests wait for it before clicking). */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/**
 * The page's SWR cache, holding the data the server rendered it with under the hooks' own keys (an
 * infinite list's first page under its page key too). In the cache, rather than as SWR `fallback`,
 * so that a live push or an optimistic vote (lib/project-cache.ts walks the cache) reaches what the
 * server drew, before anything was fetched again.
 */
function seededCache(data: Record<string, unknown>): Cache {
  const cache = new Map<string, { data: unknown }>();
  for (const [key, value] of Object.entries(data)) {
    cache.set(key, { data: value });
    if (key.startsWith(INFINITE_PREFIX) && Array.isArray(value) && value.length > 0) cache.set(key.slice(INFINITE_PREFIX.length), { data: value[0] });
  }
  return cache as Cache;
}

/**
 * The tree both renderers render (main.tsx in the browser, entry-server.tsx on the server): it must
 * be the same on both, since React derives useId (and so the ids Ark UI links its parts with) from
 * the shape of the tree, and a production hydration does not correct attributes. `data` is the SWR
 * data of the server render, keyed as the hooks read it.
 */
export function Root({ data }: { data: Record<string, unknown> }) {
  return (
    <SWRConfig value={{ provider: () => seededCache(data) }}>
      <App />
      <HydratedMark />
    </SWRConfig>
  );
}
