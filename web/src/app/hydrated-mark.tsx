import { useEffect } from 'react';

// The root's hydration commits before a lazily loaded page's Suspense boundary hydrates (the page's
// chunk resolves a task or more later); a click on the page's markup in between does nothing. The
// mark waits for both.
let rootHydrated = false;
let pagePending = false;
let pageHydrated = false;

function mark() {
  if (rootHydrated && (!pagePending || pageHydrated)) document.documentElement.dataset.hydrated = 'true';
}

/**
 * Marks `<html data-hydrated>` once React has taken over the page, its lazily loaded route included
 * (tests wait for it before clicking). Rendered once, last in the root.
 */
export function HydratedMark() {
  useEffect(() => {
    rootHydrated = true;
    mark();
  }, []);
  return null;
}

/**
 * Rendered by a lazily loaded route's wrapper, outside its Suspense boundary: its effect runs with
 * the root's commit, before HydratedMark's, and tells it to wait for the page unless it is there.
 */
export function usePendingPageMark(): void {
  useEffect(() => {
    if (!pageHydrated) pagePending = true;
  }, []);
}

/** Rendered inside a lazily loaded route's Suspense boundary, after the page: its effect runs once the page has hydrated. */
export function PageHydratedMark() {
  useEffect(() => {
    pageHydrated = true;
    mark();
  }, []);
  return null;
}
