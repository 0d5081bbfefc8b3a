import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a named export, with a `preload()` to fetch the chunk ahead of need (e.g. when
 * the browser is idle) so the first open of a dialog is instant.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  let promise: Promise<M> | null = null;
  const preload = () => (promise ??= load());
  // React.lazy erases the props; the cast below gives callers M[K]'s own props back.
  const Component = lazy(async () => ({ default: (await preload())[name] as unknown as ComponentType<Record<string, unknown>> }));
  return Object.assign(Component, { preload }) as unknown as M[K] & { preload: () => Promise<M> };
}

/** Window events that count as the visitor starting to interact. */
type InteractionEvent = 'pointerdown' | 'pointermove' | 'keydown';

/**
 * Runs `task` once, at the visitor's first pointer press or key press (before the click it starts),
 * or at the first of `events`; answers a function that cancels it.
 */
export function onFirstInteraction(task: () => void, events: readonly InteractionEvent[] = ['pointerdown', 'keydown']): () => void {
  const run = () => {
    cancel();
    task();
  };
  const cancel = () => events.forEach((e) => window.removeEventListener(e, run, true));
  events.forEach((e) => window.addEventListener(e, run, { capture: true, passive: true }));
  return cancel;
}
