import { createContext, useContext } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';
import type { CurrentUser } from '@vitrine/domain/answers';
import type { LoginInput, RegisterInput } from '@vitrine/domain/schemas/auth';
import { ApiError, callApi, endpoints } from '../lib/api';

/** Session state: loading until GET /api/auth/me answers, then user or null. */
export interface SessionState {
  /** The signed-in user, or null when anonymous. */
  user: CurrentUser | null;
  /** True until the first GET /api/auth/me settles. */
  isLoading: boolean;
  /** True while a logout call is in flight ('Logging out...'). */
  isLoggingOut: boolean;
  /** Fetches the current user; 401 means anonymous, any other failure is logged and anonymous. */
  load: () => Promise<void>;
  /** Signs in; throws the API error on failure. */
  login: (input: LoginInput) => Promise<CurrentUser>;
  /** Registers and signs in; throws the API error on failure. */
  register: (input: RegisterInput) => Promise<CurrentUser>;
  /** Signs out; throws the API error on failure (the user stays set). */
  logout: () => Promise<void>;
}

/** Reads the current user, treating 401 as anonymous and logging any other failure. */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await callApi(endpoints.auth.me);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    console.error('Failed to load the current user', error);
    return null;
  }
}

/** The session state of a page whose user is known (the server read it), or still loading (undefined). */
export function sessionOf(user: CurrentUser | null | undefined): Pick<SessionState, 'user' | 'isLoading'> {
  return user === undefined ? { user: null, isLoading: true } : { user, isLoading: false };
}

/** A session store; `initial` is what the server read for this page (sessionOf). */
export function createSessionStore(initial: Pick<SessionState, 'user' | 'isLoading'> = sessionOf(undefined)) {
  return createStore<SessionState>()((set, get) => ({
    ...initial,
    isLoggingOut: false,
    async load() {
      // The server's user (the page's data) is already here: nothing to ask.
      if (!get().isLoading) return;
      set({ user: await fetchCurrentUser(), isLoading: false });
    },
    async login(input) {
      const user = await callApi(endpoints.auth.login, { body: input });
      set({ user, isLoading: false });
      return user;
    },
    async register(input) {
      const user = await callApi(endpoints.auth.register, { body: input });
      set({ user, isLoading: false });
      return user;
    },
    async logout() {
      set({ isLoggingOut: true });
      try {
        await callApi(endpoints.auth.logout);
        set({ user: null });
      } finally {
        set({ isLoggingOut: false });
      }
    },
  }));
}

/** What the server read for this page, until the browser's store is made with it. */
let primed: Pick<SessionState, 'user' | 'isLoading'> | undefined;
let browserStore: StoreApi<SessionState> | undefined;

/**
 * The browser's one session store, made on first use with the user the server read (primeSession):
 * that is also its initial state, which React reads while hydrating (zustand's server snapshot), so
 * the first render matches the server's.
 */
export function browserSessionStore(): StoreApi<SessionState> {
  return (browserStore ??= createSessionStore(primed));
}

/** Gives the browser's store the user the server read for this page (SsrPageData.user), before hydration. */
export function primeSession(user: CurrentUser | null): void {
  primed = sessionOf(user);
  browserStore?.setState(primed);
}

/**
 * The store the tree reads: the browser's, or on the server one per page rendered (entry-server.tsx),
 * since pages render side by side there and each has its own visitor. Both renderers draw the page
 * with the same user, so a member's own controls (Rate, the comment box, Follow) are in the server's
 * markup and can be used before hydration (docs/web-client.md "Before hydration").
 */
export const SessionStoreContext = createContext<StoreApi<SessionState> | null>(null);

/**
 * The session, read with narrow selectors: `useSession((s) => s.user)`. Outside React,
 * `useSession.getState()` / `setState` / `subscribe` are the browser's store.
 */
export const useSession = Object.assign(
  function useSession<T>(selector: (state: SessionState) => T): T {
    return useStore(useContext(SessionStoreContext) ?? browserSessionStore(), selector);
  },
  {
    getState: () => browserSessionStore().getState(),
    setState: (partial: Partial<SessionState>) => browserSessionStore().setState(partial),
    subscribe: (listener: Parameters<StoreApi<SessionState>['subscribe']>[0]) =>
      browserSessionStore().subscribe(listener),
  },
);
