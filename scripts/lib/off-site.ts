import type { BrowserContext, Request } from '@playwright/test';

/**
 * Keeps the browsers of tests and scripts on this machine (docs/operations.md "Nothing leaves the
 * machine"): development, test and CI browsers load the site from loopback and nothing else.
 */

/**
 * Chromium's flag that makes every host name but localhost fail to resolve: a request that slips past
 * the routing below (Chromium's own traffic, a script without routing) cannot reach the network by
 * name. Addresses given as literals do not resolve, so the routing still stops those.
 */
export const LOOPBACK_ONLY_RESOLVER = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost';

/** `text` for a RegExp, literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The URLs that leave the site: any whose origin is not `siteOrigin` (for WebSockets, its ws: twin),
 * except data:, blob: and about: ones, which never leave the page. A RegExp, not a function, so that
 * Playwright matches it on its own side of the protocol and only off-site requests are intercepted: a function
 * makes every request of the site wait for a round trip to the test runner.
 */
export function offSitePattern(siteOrigin: string, kind: 'http' | 'ws' = 'http'): RegExp {
  const origin = kind === 'ws' ? siteOrigin.replace(/^http/, 'ws') : siteOrigin;
  return new RegExp(`^(?!(?:data|blob|about):)(?!${literally(origin)}(?:[/?#]|$))`);
}

/**
 * Whether a blocked request is one a page of the site makes by design: the preview frame of a project
 * whose hosted URL is a reserved test name (`*.example`, RFC 2606), as the demo and test data use.
 */
function isExpectedBlock(request: Pick<Request, 'url' | 'resourceType' | 'frame'>): boolean {
  const url = new URL(request.url());
  if (!url.hostname.endsWith('.example')) return false;
  if (request.resourceType() !== 'document') return false;
  try {
    return request.frame().parentFrame() !== null;
  } catch {
    // A request Playwright cannot tie to a frame (a service worker's) is no preview frame.
    return false;
  }
}

/**
 * Aborts every request and WebSocket of `context` whose origin is not `siteOrigin`, before it leaves
 * the browser, and tells `onBlocked` about each (its URL, and whether it was the expected preview frame).
 */
export async function blockOffSite(
  context: BrowserContext,
  siteOrigin: string,
  onBlocked: (url: string, expected: boolean) => void,
): Promise<void> {
  await context.route(offSitePattern(siteOrigin), async (route) => {
    const request = route.request();
    onBlocked(request.url(), isExpectedBlock(request));
    await route.abort('blockedbyclient');
  });
  await context.routeWebSocket(offSitePattern(siteOrigin, 'ws'), async (ws) => {
    onBlocked(ws.url(), false);
    await ws.close({ code: 1008, reason: 'off-site' });
  });
}
