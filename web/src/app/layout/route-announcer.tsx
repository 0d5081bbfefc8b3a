import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';

/** Time for the new page to set its title (useDocumentTitle runs in its effects) before it is read. */
const ANNOUNCE_AFTER_MS = 150;

/**
 * Tells screen readers that a client-side navigation happened, as a full page load would: the new
 * page's title in a polite live region. When the navigation left focus nowhere (the link that had it
 * is gone), focus moves to the main content, so the next Tab starts from the new page.
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
    const timer = setTimeout(() => {
      setMessage(document.title);
      if (document.activeElement === document.body || document.activeElement === null)
        document.getElementById('main')?.focus({ preventScroll: true });
    }, ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [location]);
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {message}
    </p>
  );
}
