/**
 * Renders a page of the app as the browser's client does after a navigation: the whole tree of
 * app/root.tsx (session store, SWR, layout, routes, toasts) at `path`, its reads answered by the MSW
 * handlers the test gave (server.ts). SWR keeps its one global cache, as in the browser (the app's
 * actions call SWR's global `mutate`); setup-dom.ts empties it after each test.
 */
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { StoreApi } from 'zustand';
import type { CurrentUser } from '@vitrine/domain/answers';
import { Root } from '../app/root';
import { browserSessionStore, primeSession, type SessionState } from '../stores/session';

/** A rendered page: Testing Library's queries, a user to drive it, and its session store. */
export interface RenderedRoute extends RenderResult {
  /** Types, clicks and presses keys as a person would (user-event). */
  user: UserEvent;
  /** The page's session store, the browser's one (the signed-in member, sign-out). */
  session: StoreApi<SessionState>;
}

/**
 * Renders the app at `path` for `user` (a visitor when null), as start.tsx hydrates a page the server
 * rendered: the browser's session store, primed with the user the server read.
 */
export function renderRoute(path: string, { user = null }: { user?: CurrentUser | null } = {}): RenderedRoute {
  window.history.replaceState(null, '', path);
  primeSession(user);
  const session = browserSessionStore();
  const view = render(<Root fallback={{}} session={session} />);
  return { ...view, user: userEvent.setup(), session };
}
