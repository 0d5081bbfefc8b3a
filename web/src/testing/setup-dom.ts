/**
 * Setup of the DOM tests (*.dom.test.tsx, the `dom` project of vitest.config.ts): Testing Library's
 * matchers, the MSW server in place of the API (server.ts), and what jsdom lacks of a browser's
 * interfaces that the app's libraries call while rendering (they measure nothing here: layout is the
 * browser tests' to prove).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { cache, SWRGlobalState } from 'swr/_internal';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { toaster } from '../components/ui/toast-view';
import { problems, server } from './server';

/** An observer that never reports: jsdom lays nothing out, so nothing is ever resized or scrolled into view. */
class QuietObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}

// A lazily loaded page's first render waits for its module's transform: seconds on a loaded machine.
// A wait only ends early when the screen is right, so a broken screen still fails.
configure({ asyncUtilTimeout: 15_000 });

const win = window as unknown as Record<string, unknown>;
win.ResizeObserver ??= QuietObserver;
win.IntersectionObserver ??= QuietObserver;
// No media query matches in jsdom: the page is drawn for no particular width or colour scheme.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;
// The check without options, as the standard defines it: false when the element or an ancestor is not
// rendered (display: none, which jsdom computes from inline styles, `hidden` and its own sheet).
Element.prototype.checkVisibility ??= function checkVisibility(this: Element) {
  if (!this.isConnected) return false;
  for (let el = this.parentElement; el; el = el.parentElement)
    if (getComputedStyle(el).display === 'none') return false;
  return getComputedStyle(this).display !== 'none';
};

beforeAll(() => {
  server.listen({
    onUnhandledRequest(request, print) {
      const url = new URL(request.url);
      problems.push(`no handler: ${request.method} ${url.pathname}${url.search}`);
      // Fails the request instead of sending it anywhere.
      print.error();
    },
  });
});

/**
 * Empties SWR's global cache and what it keeps beside it (requests in flight, which a read within the
 * deduping interval would reuse; mutations; preloads), so no answer of one test reaches the next.
 */
function forgetSwr(): void {
  for (const key of [...cache.keys()]) cache.delete(key);
  const state = SWRGlobalState.get(cache) as unknown as Array<Record<string, unknown>> | undefined;
  for (const record of state?.slice(0, 4) ?? []) for (const key of Object.keys(record)) delete record[key];
}

afterEach(() => {
  cleanup();
  forgetSwr();
  // The toaster is the page's one store, showing one toast at a time: one test's toasts, shown or
  // queued, would otherwise hold back the next test's until theirs time out.
  toaster.remove();
  server.resetHandlers();
  expect(problems.splice(0), 'requests no handler answered, answers that broke their contract').toEqual([]);
});

afterAll(() => server.close());
