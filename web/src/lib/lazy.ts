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

/** Runs `task` when the browser is idle (or soon, where requestIdleCallback is missing). */
export function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 3000 });
  else window.setTimeout(task, 1500);
}
