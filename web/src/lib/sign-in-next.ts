/** The sign-in page; `?next=` names the page it leads back to (web/src/pages/auth.tsx). */
export const SIGN_IN_PATH = '/auth';

/** Longest `next` kept: a page of this site, never a payload. */
const MAX_NEXT_LENGTH = 2000;

/** Any origin serves to resolve a path against: only whether the result stays on it matters. */
const PROBE_ORIGIN = 'https://vitrine.invalid';

/**
 * The page of this site `raw` names, as a local path (`/settings?x=1#y`), or null when it is anything
 * else: a URL, a protocol-relative `//host`, a backslash form browsers read as one (`/\host`), a
 * control character, a path that leaves the origin once resolved, or the sign-in page itself. Only
 * what this returns is ever navigated to, so `?next=` is no open redirect.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_NEXT_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex -- tabs and newlines are dropped by URL parsers: '/\t/host' is '//host'
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (url.pathname === SIGN_IN_PATH) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page's address that leads back to `path` (the page a member-only guard was asked for). */
export function signInPathFor(path: string): string {
  const next = safeNextPath(path);
  return next && next !== '/' ? `${SIGN_IN_PATH}?next=${encodeURIComponent(next)}` : SIGN_IN_PATH;
}

/** Pages the server answers itself, outside the client's routes: after sign-in they are loaded anew. */
const SERVER_PAGES = ['/admin/queues'];

/** True when `path` is one of SERVER_PAGES (or under one), which a client-side navigation cannot show. */
export function isServerPage(path: string): boolean {
  const pathname = path.split(/[?#]/)[0]!;
  return SERVER_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`));
}

/** What the sign-in page says when it was opened for a member-only page (the text each page's guard gave). */
const SIGN_IN_REASONS: [prefix: string, text: string][] = [
  ['/messages', 'Please log in to view your messages'],
  ['/admin', 'Please log in to access the admin dashboard'],
  ['/settings', 'Please log in to change your settings'],
  ['/notifications', 'Please log in to see your notifications'],
];

/** The reason to sign in that the page `next` gives, or null for a page without one. */
export function signInReason(next: string | null): string | null {
  if (!next) return null;
  const pathname = next.split(/[?#]/)[0]!;
  const found = SIGN_IN_REASONS.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return found ? found[1] : null;
}
