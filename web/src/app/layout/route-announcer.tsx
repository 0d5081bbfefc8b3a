import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';

/** Time for the new page to set its title (useDocumentTitle runs in its effects) before it is read. */
const ANNOUNCE_AFTER_MS = 150;
/** A lazily loaded page sets its title once its chunk arrives: the longest the announcer waits for it. */
const TITLE_WAIT_MS = 5000;

/**
 * Tells screen readers that a client-side navigation happened, as a full page load would: the new
 * page's title in a polite live region, once the page has set it (a lazily loaded page does so when
 * its chunk arrives; a page whose title did not change is announced after TITLE_WAIT_MS). When the
 * navigation left focus nowhere (the link that had it is gone), focus moves to the main content, so
 * the next Tab starts from the new page.
 */
export function RouteAnnouncer() {
  const [location] = useLocation();
  const [message, setMessage] = useState('');
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const before = document.title;
    let done = false;
    const announce = () => {
      if (done) return;
      done = true;
      setMessage(document.title);
      if (document.activeElement === document.body || document.activeElement === null)
        document.getElementById('main')?.focus({ preventScroll: true });
    };
    const titleElement = document.querySelector('title');
    const observer = new MutationObserver(() => {
      if (document.title !== before) announce();
    });
    if (titleElement) observer.observe(titleElement, { childList: true, characterData: true, subtree: true });
    const soon = setTimeout(() => {
      if (document.title !== before) announce();
    }, ANNOUNCE_AFTER_MS);
    const late = setTimeout(announce, TITLE_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(soon);
      clearTimeout(late);
    };
  }, [location]);
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {message}
    </p>
  );
}
