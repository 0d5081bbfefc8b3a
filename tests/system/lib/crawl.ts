/**
 * A crawler of every public route of a running site, as link previews, feed readers and search engines
 * reach it: the web client's pages, the sitemap index and every sitemap file with every page they name,
 * each page's share card, feeds and media, `/go/{id}`, badges, robots.txt and health, addresses that do not
 * exist, and bursts of sixteen strangers asking for cards and sitemap files at once. It records every
 * answer; the caller fails on any 5xx (tests/system/production-start.test.ts).
 */

/** Pages of the web client that are no project, user or test request (web/src/app/routes.tsx). */
const PAGES = [
  '/',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/auth',
  '/messages',
  '/admin',
  '/admin/queues',
  '/test-requests',
  '/settings',
  '/notifications',
  '/moderation',
  '/confirm-email',
];
/** Everything else a stranger reaches by name, including what does not exist. */
const FIXED = [
  '/robots.txt',
  '/sitemap.xml',
  '/feed.xml',
  '/feeds/latest.rss',
  '/feeds/trending.atom',
  '/feeds/trending.rss',
  '/feeds/moderation.atom',
  '/cards/site.png',
  '/api/health',
  '/api/health/live',
  '/api/health/ready',
  '/api/openapi.json',
  '/no-such-page',
  '/projects/999999999',
  '/users/nobody-at-all',
  '/cards/projects/999999999.png',
  '/sitemaps/projects-999.xml',
  '/sitemaps/nothing.xml',
  '/feeds/users/nobody-at-all.atom',
  '/feeds/categories/no-such-category.rss',
  '/go/999999999',
  '/media/no-such-file.webp',
  '/badges/projects/1.svg',
  '/badges/projects/1.svg?style=card&theme=dark&metric=outcome',
  '/badges/projects/1.svg?metric=rank',
  '/badges/projects/999999999.svg',
  '/badges/projects/nothing.svg',
];
/** Addresses found in answers that are followed: everything a crawler or a preview would fetch. */
const FOLLOWED = /^\/(projects|users|test-requests|feeds|feed\.xml|cards|media|sitemaps|go)\b/;
/** The crawl stops past this many requests (it is bounded, whatever the site answers). */
const MAX_REQUESTS = 3_000;
/** Requests in flight at once while crawling. */
const CONCURRENCY = 4;
/** Strangers asking at once in each burst. */
const BURST = 16;

/** One answer the crawl got; status 0 is a connection that failed. */
export interface Answer {
  path: string;
  status: number;
  error?: string;
}

export interface CrawlResult {
  answers: Answer[];
  /** Answers with a 5xx or no answer at all; `burst` 503s with Retry-After are the designed refusal and are not here. */
  failures: Answer[];
}

/** The same-origin paths an answer names (links, sources, sitemap locations, Open Graph images). */
function pathsIn(body: string, origin: string): string[] {
  const found = new Set<string>();
  const patterns = [/<loc>([^<]+)<\/loc>/g, /(?:href|src|content)="([^"]+)"/g, /<link[^>]*href="([^"]+)"/g];
  for (const pattern of patterns) {
    for (const match of body.matchAll(pattern)) {
      const raw = match[1]!.replace(/&amp;/g, '&');
      let url: URL;
      try {
        url = new URL(raw, origin);
      } catch {
        continue;
      }
      if (url.origin !== origin) continue;
      const path = url.pathname + url.search;
      if (FOLLOWED.test(path)) found.add(path);
    }
  }
  return [...found];
}

async function fetchOnce(
  origin: string,
  path: string,
): Promise<{ answer: Answer; body: string; retryAfter: string | null }> {
  try {
    const res = await fetch(origin + path, { redirect: 'manual', headers: { 'user-agent': 'vitrine-crawl-test' } });
    const type = res.headers.get('content-type') ?? '';
    const body = /html|xml|json|text/.test(type) ? await res.text() : (await res.arrayBuffer(), '');
    return { answer: { path, status: res.status }, body, retryAfter: res.headers.get('retry-after') };
  } catch (err) {
    return { answer: { path, status: 0, error: (err as Error).message }, body: '', retryAfter: null };
  }
}

/** Crawls the site at `origin` (its SITE_URL, so sitemaps name it). */
export async function crawlSite(origin: string): Promise<CrawlResult> {
  const answers: Answer[] = [];
  const failures: Answer[] = [];
  const seen = new Set<string>();
  const queue: string[] = [];
  const enqueue = (path: string) => {
    if (seen.has(path) || seen.size >= MAX_REQUESTS) return;
    seen.add(path);
    queue.push(path);
    // A project's outbound link is part of what a stranger can request.
    const project = /^\/projects\/(\d+)$/.exec(path);
    if (project) enqueue(`/go/${project[1]}`);
  };
  for (const path of [...PAGES, ...FIXED]) enqueue(path);

  const crawlOne = async (path: string) => {
    const { answer, body } = await fetchOnce(origin, path);
    answers.push(answer);
    if (answer.status === 0 || answer.status >= 500) failures.push(answer);
    for (const next of pathsIn(body, origin)) enqueue(next);
  };
  const workers = Array.from({ length: CONCURRENCY }, async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) await crawlOne(path);
  });
  await Promise.all(workers);

  // Sixteen strangers at once on what costs a render: each may be refused (503 with Retry-After), never failed.
  const renders = answers
    .filter((a) => a.status === 200 && /^\/(cards\/projects\/\d+\.png|sitemaps\/)/.test(a.path))
    .map((a) => a.path);
  for (const kind of [/^\/cards\//, /^\/sitemaps\//]) {
    const targets = renders.filter((path) => kind.test(path));
    if (targets.length === 0) continue;
    const burst = await Promise.all(
      Array.from({ length: BURST }, (_, i) => {
        const path = targets[i % targets.length]!;
        // A fresh query string each time, as previews with tracking parameters send.
        return fetchOnce(origin, `${path}${path.includes('?') ? '&' : '?'}utm_source=burst-${i}`);
      }),
    );
    for (const { answer, retryAfter } of burst) {
      answers.push(answer);
      const refused = answer.status === 503 && retryAfter !== null;
      if (answer.status === 0 || (answer.status >= 500 && !refused)) failures.push(answer);
    }
  }
  return { answers, failures };
}
