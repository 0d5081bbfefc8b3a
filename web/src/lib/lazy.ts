import { createElement, lazy, type ComponentType } from 'react';

/** Waits between the tries of a chunk that failed to load while the browser says it is online. */
const CHUNK_RETRY_DELAYS_MS = [500, 2000, 5000];

/** Resolves when the browser says it is online again (at once when it already is). */
function whenOnline(): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/**
 * `load()` (a dynamic import) that survives a lost connection: a failure while offline waits for the
 * connection to return and tries again; a failure online is tried again after each of
 * CHUNK_RETRY_DELAYS_MS, and only then rejects (the error boundary of app/error-boundary.tsx shows it).
 * Meanwhile the Suspense fallback stays on screen, never an empty page.
 */
export async function retryingImport<M>(load: () => Promise<M>): Promise<M> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (typeof navigator !== 'undefined' && !navigator.onLine) {
        await whenOnline();
        continue;
      }
      const delay = CHUNK_RETRY_DELAYS_MS[attempt];
      if (delay === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * React.lazy of a module's named export. React.lazy keeps a failure for good, so a failed load is
 * replaced by a fresh lazy component: the error boundary's 'Try again' renders it and the chunk is
 * asked for again.
 */
function replaceableLazy<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  const make = (): ComponentType<Record<string, unknown>> =>
    lazy(async () => {
      try {
        return { default: (await load())[name] as unknown as ComponentType<Record<string, unknown>> };
      } catch (error) {
        current = make();
        throw error;
      }
    });
  let current = make();
  const Component = (props: Record<string, unknown>) => createElement(current, props);
  return Component as unknown as M[K];
}

/** A lazily loaded page (or part): the named export of a module imported on first render, retried (retryingImport). */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  return replaceableLazy(() => retryingImport(load), name);
}

/**
 * `load` (a dynamic import, retryingImport) run once and shared by every caller; a failed load is
 * forgotten, so the next call asks the network again.
 */
export function loadOnce<M>(load: () => Promise<M>): () => Promise<M> {
  let promise: Promise<M> | null = null;
  return () =>
    (promise ??= retryingImport(load).catch((error: unknown) => {
      promise = null;
      throw error;
    }));
}

/**
 * lazyPage with a `preload()` to fetch the chunk ahead of need (e.g. when the browser is idle) so the
 * first open of a dialog is instant.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  const preload = loadOnce(load);
  return Object.assign(replaceableLazy(preload, name) as object, { preload }) as M[K] & { preload: () => Promise<M> };
}

/** Window events that count as the visitor starting to interact. */
type InteractionEvent = 'pointerdown' | 'pointermove' | 'keydown';

/**
 * Runs `task` once, at the visitor's first pointer press or key press (before the click it starts),
 * or at the first of `events`; answers a function that cancels it.
 */
export function onFirstInteraction(
  task: () => void,
  events: readonly InteractionEvent[] = ['pointerdown', 'keydown'],
): () => void {
  const run = () => {
    cancel();
    task();
  };
  const cancel = () => events.forEach((e) => window.removeEventListener(e, run, true));
  events.forEach((e) => window.addEventListener(e, run, { capture: true, passive: true }));
  return cancel;
}
