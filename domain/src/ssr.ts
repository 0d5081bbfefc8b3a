import type { CurrentUser } from './answers';

/**
 * The contract between the API and the server renderer that web/ builds (web/src/entry-server.tsx,
 * built by Vite's SSR build into web/dist-ssr). The API loads only that built file, never web/ source.
 */

/** One API read the renderer needs: the JSON answer of a GET under /api, as the viewer would get it. */
export interface SsrLoadResult {
  status: number;
  body: unknown;
  /** The next page's URL (the answer's Link rel="next"), null when none: a paged list's first page names it. */
  next: string | null;
}

/** The site's own accounts elsewhere (GITHUB_URL, BLUESKY_URL): null when not configured (not shown). */
export interface SocialLinks {
  github: string | null;
  bluesky: string | null;
}

/** What the API gives the renderer for one page request. */
export interface SsrRequest {
  /** Path and query of the page, e.g. `/projects/12?x=1`. */
  url: string;
  /** The site's address (SITE_URL, never read from the request), e.g. `https://vitrine.example`. */
  origin: string;
  siteName: string;
  socialLinks: SocialLinks;
  /** Reads `GET {key}` (an SWR key, i.e. an /api address) for the same viewer. */
  load: (key: string) => Promise<SsrLoadResult>;
}

/** A rendered page, ready to stream into the HTML template. */
export interface SsrResult {
  /** 200, or 404 for an unknown page, project or user. */
  status: number;
  /** Tags for `<head>`: title, description, canonical, OpenGraph, Twitter card, JSON-LD, feeds. */
  head: string;
  /** Source modules (relative to web/, e.g. `src/pages/project.tsx`) of lazily loaded code the page
   *  shows: the API preloads their chunks so hydration does not wait for them. */
  modules: string[];
  /** SsrPageData as JSON (already safe inside a `<script type="application/json">`). */
  data: string;
  /** Streams the app's HTML (the inside of #root) into `destination`, then ends it. */
  pipe: (destination: NodeJS.WritableStream) => void;
  /**
   * A local path to redirect to instead of the page: a visitor on a member-only page goes to sign-in
   * (`/auth?next=...`) at once, as the client's guard would after hydration. The page is not sent.
   */
  redirect?: string;
}

/** The module web/dist-ssr/entry-server.js exports. */
export interface SsrRenderer {
  render: (request: SsrRequest) => Promise<SsrResult>;
}

/** What the page's data element carries to the client. */
export interface SsrPageData {
  /** SWR fallback data by SWR key (the same keys the hooks read). */
  fallback: Record<string, unknown>;
  /** The signed-in user (null: anonymous) as GET /api/auth/me answered the server; absent when it failed. */
  user?: CurrentUser | null;
  /** The footer's social links (SsrRequest.socialLinks); absent on the bare shell, which shows none. */
  socialLinks?: SocialLinks;
  /** The site's address (SsrRequest.origin, SITE_URL) for absolute links the page hands out; absent on the bare shell. */
  siteUrl?: string;
}

/** The id of the `<script type="application/json">` element that carries the SWR fallback data. */
export const SSR_DATA_ELEMENT_ID = 'ssr-data';
