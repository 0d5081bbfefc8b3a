/**
 * Where the reader of a page came from, for the view beacon (the owner's Stats tab counts the host of
 * it, or its utm_source: domain/src/stats.ts viewSource). The page the document was loaded for
 * reports the document's referrer and its `utm_source`; a page reached by a link inside the client
 * reports the site itself, since `document.referrer` still names where the first page came from.
 */
export function viewOrigin(): { referrer?: string; utmSource?: string } {
  if (typeof window === 'undefined') return {};
  const [navigation] = performance.getEntriesByType('navigation');
  const here = window.location.href.split('#')[0];
  if (navigation && navigation.name.split('#')[0] !== here) return { referrer: window.location.origin };
  const utmSource = new URLSearchParams(window.location.search).get('utm_source');
  return {
    ...(document.referrer ? { referrer: document.referrer } : {}),
    ...(utmSource ? { utmSource: utmSource.slice(0, 200) } : {}),
  };
}
