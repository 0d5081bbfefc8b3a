/**
 * The server renderer (Vite's SSR build makes web/dist-ssr/entry-server.js; the API imports only
 * that file). It renders the same tree as start.tsx with React's streaming renderer, wouter's SSR
 * path and SWR fallback data under the very keys the hooks read, so hydration finds what the
 * server drew.
 */
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Router, type SsrContext } from 'wouter';
import { unstable_serialize } from 'swr/infinite';
import type { CurrentUser } from '@vitrine/domain/answers';
import type { SsrPageData, SsrRequest, SsrResult } from '@vitrine/domain/ssr';
import { Root } from './app/root';
import { setServerSiteName, setSiteUrl, setSocialLinks } from './lib/site';
import { createSessionStore, sessionOf } from './stores/session';
import { serializeForScript } from './lib/json-ld';
import { apiKey, endpoints } from './lib/api';
import { renderHead } from './ssr/head';
import { planPage } from './ssr/pages';
import { viewerStateKey } from './features/projects/api/use-viewer-state';
import type { ListPage } from './hooks/use-list';
import { SIGN_IN_PATH } from './lib/sign-in-next';

/** The current-user call. */
const CURRENT_USER_KEY = apiKey(endpoints.auth.me);

/** wouter's own decoding of a path (decodeURI when it holds an escape); a malformed escape stays as it is. */
function decodePath(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** Seeds each paged list's first page read, as hooks/use-list.ts keeps it: its rows and the next page its Link named. */
function seedLists(
  fallback: Record<string, unknown>,
  keys: readonly string[],
  data: ReadonlyMap<string, unknown>,
  nextPages: ReadonlyMap<string, string | null>,
): void {
  for (const key of keys) {
    if (!data.has(key)) continue;
    const page: ListPage<unknown> = { rows: data.get(key) as unknown[], next: nextPages.get(key) ?? null };
    fallback[unstable_serialize(() => key)] = [page];
  }
}

/** Renders one page: reads its data through `request.load`, then resolves once all of it is ready. */
export async function render(request: SsrRequest): Promise<SsrResult> {
  setServerSiteName(request.siteName);
  setSocialLinks(request.socialLinks);
  setSiteUrl(request.origin);
  const site = { name: request.siteName, origin: request.origin };
  const url = new URL(request.url, 'http://localhost');
  const search = url.search.slice(1);
  const plan = planPage(decodePath(url.pathname), search, site);

  const data = new Map<string, unknown>();
  const nextPages = new Map<string, string | null>();
  const [session] = await Promise.all([
    request.load(CURRENT_USER_KEY),
    ...[...plan.keys, ...plan.infiniteKeys].map(async (key) => {
      const answer = await request.load(key);
      // A failed read is left to the client, which fetches it and shows its own error or not-found view.
      if (answer.status !== 200) return;
      data.set(key, answer.body);
      nextPages.set(key, answer.next);
    }),
  ]);
  // The page renders for this user, as the client's first render does with the same user from the
  // page's data. 401 means anonymous; any other failure renders the session loading and leaves it
  // to the client.
  const user = session.status === 200 ? (session.body as CurrentUser) : session.status === 401 ? null : undefined;
  const fallback: Record<string, unknown> = {};
  for (const key of plan.keys) if (data.has(key)) fallback[key] = data.get(key);
  // The viewer's own state of the projects shown (voted, rated, may edit), under the key the
  // client's useWithViewerState reads; a failed read leaves it to the client, as before.
  const viewerKey = plan.viewerIds ? viewerStateKey(plan.viewerIds(data)) : null;
  if (viewerKey) {
    const answer = await request.load(viewerKey);
    if (answer.status === 200) fallback[viewerKey] = answer.body;
  }
  seedLists(fallback, plan.infiniteKeys, data, nextPages);
  const { status, meta } = plan.describe(data, site);

  // A guard's <Redirect> records where it leads here (app/guards.tsx).
  const ssrContext: SsrContext = {};
  const tree = (
    <StrictMode>
      <Router ssrPath={url.pathname} ssrSearch={search} ssrContext={ssrContext}>
        <Root fallback={fallback} session={createSessionStore(sessionOf(user))} />
      </Router>
    </StrictMode>
  );
  const stream = await new Promise<ReturnType<typeof renderToPipeableStream>>((resolve, reject) => {
    const rendering = renderToPipeableStream(tree, {
      // Everything is ready before the first byte goes out, so every Suspense boundary is written in
      // place: no outlined segments and no inline scripts to move them (the CSP allows none).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => resolve(rendering),
      onShellError: reject,
      onError: (error) => console.error('[ssr]', error),
    });
  });
  // Only the way to sign-in is answered as a redirect: the guards' other one (a member on /admin, sent
  // home) comes with a toast that only the client shows.
  const redirect = ssrContext.redirectTo;
  if (redirect !== undefined && (redirect === SIGN_IN_PATH || redirect.startsWith(`${SIGN_IN_PATH}?`))) {
    stream.abort();
    return { status: 302, head: '', modules: [], data: '', pipe: () => undefined, redirect };
  }
  return {
    status,
    head: renderHead(meta, site),
    modules: plan.modules ?? [],
    // JSON with `<` escaped, so no text in the data can close the script element.
    data: serializeForScript({
      fallback,
      user,
      socialLinks: request.socialLinks,
      siteUrl: request.origin,
    } satisfies SsrPageData),
    pipe: (destination) => {
      stream.pipe(destination);
    },
  };
}
