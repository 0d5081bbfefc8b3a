import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadOnce } from '../../lib/lazy';
import type { ToastInput } from './toast-view';

export type { ToastInput };

/**
 * Toasts, loaded on first use: the Ark UI toaster (toast-view.tsx) is its own chunk, fetched when
 * the first toast is asked for, so the landing page does not download it (docs/performance.md).
 */
const importView = loadOnce(() => import('./toast-view'));
let requested = false;
const listeners = new Set<() => void>();

function loadView() {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  return importView();
}

/**
 * Fetches the toaster ahead of need (at the visitor's first interaction): the toast that says an
 * action failed because the connection is gone must not itself need the connection.
 */
export function preloadToaster(): void {
  void loadView().catch(() => undefined);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows a toast, replacing the one on screen (at most one at once):
 * `toast({ title: 'Vote failed', description: '...', variant: 'destructive' })`.
 */
export function toast(input: ToastInput): void {
  void loadView()
    .then((m) => m.toast(input))
    .catch(() => undefined);
}

/**
 * A toast for news the user did not ask for (a report arriving live): shown only while no toast is
 * on screen, so it never replaces the result of the user's own action.
 */
export function notify(input: ToastInput): void {
  void loadView()
    .then((m) => m.notify(input))
    .catch(() => undefined);
}

const ToasterView = lazy(() => loadView().then((m) => ({ default: m.Toaster })));

/** Renders the toasts once the first one is asked for; mount once at the root. */
export function Toaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  return shown ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
