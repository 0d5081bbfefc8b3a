import { SWRConfig } from 'swr';
import type { StoreApi } from 'zustand';
import { SessionStoreContext, type SessionState } from '../stores/session';
import { App } from './app';
import { HydratedMark } from './hydrated-mark';

/**
 * The tree both renderers render (start.tsx in the browser, entry-server.tsx on the server): it must
 * be the same on both, since React derives useId (and so the ids Ark UI links its parts with) from
 * the shape of the tree, and a production hydration does not correct attributes.
 */
export function Root({ fallback, session }: { fallback: Record<string, unknown>; session: StoreApi<SessionState> }) {
  return (
    <SessionStoreContext.Provider value={session}>
      <SWRConfig value={{ fallback }}>
        <App />
        <HydratedMark />
      </SWRConfig>
    </SessionStoreContext.Provider>
  );
}
