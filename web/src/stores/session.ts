import { create } from 'zustand';
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

/** The current user the server read while rendering this page; undefined once used, or when there was none. */
let primedUser: CurrentUser | null | undefined;

/**
 * Hands the store the user the server already read (SsrPageData.user), so the first load() uses it
 * instead of calling GET /api/auth/me again (whose 401 for a visitor would only repeat what is known).
 */
export function primeSession(user: CurrentUser | null): void {
  primedUser = user;
}

/** The session store; read it with narrow selectors, e.g. `useSession((s) => s.user)`. */
export const useSession = create<SessionState>()((set) => ({
  user: null,
  isLoading: true,
  isLoggingOut: false,
  async load() {
    const primed = primedUser;
    primedUser = undefined;
    const user = primed !== undefined ? primed : await fetchCurrentUser();
    set({ user, isLoading: false });
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
