import { XMLBuilder } from 'fast-xml-parser';
import type { SitemapRow } from '@vitrine/db/queries/syndication';

/** The sitemaps.org limit of URLs in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

/** The public pages that are not projects or profiles (never /admin, /messages or /auth). */
export const STATIC_PAGES = ['/', '/about', '/contact', '/terms', '/privacy'] as const;

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  suppressEmptyNode: true,
});

/** A URL of a sitemap file or of the index: absolute location, optional last change. */
export interface SitemapUrl {
  loc: string;
  lastmod?: Date | null;
}

function entry({ loc, lastmod }: SitemapUrl) {
  return lastmod ? { loc, lastmod: lastmod.toISOString() } : { loc };
}

/** A `<urlset>` sitemap file (the XML builder escapes &, <, > and quotes in addresses). */
export function renderUrlSet(urls: SitemapUrl[]): string {
  return XML_DECLARATION + builder.build({ urlset: { '@_xmlns': SITEMAP_NS, url: urls.map(entry) } });
}

/** A `<sitemapindex>` naming each sitemap file. */
export function renderSitemapIndex(files: SitemapUrl[]): string {
  return XML_DECLARATION + builder.build({ sitemapindex: { '@_xmlns': SITEMAP_NS, sitemap: files.map(entry) } });
}

/** The sitemap files of the index: pages, then projects-1..n and users-1..n, each at most `perFile` URLs. */
export function sitemapFileNames(
  counts: { projects: number; users: number },
  perFile: number = SITEMAP_MAX_URLS,
): string[] {
  const files = (kind: string, count: number) =>
    Array.from({ length: Math.ceil(count / perFile) }, (_, i) => `${kind}-${i + 1}.xml`);
  return ['pages.xml', ...files('projects', counts.projects), ...files('users', counts.users)];
}

/** Parses 'projects-3.xml' into its kind and 1-based number, or undefined. */
export function parseSitemapFile(file: string): { kind: 'projects' | 'users'; page: number } | undefined {
  const match = /^(projects|users)-([1-9]\d{0,6})\.xml$/.exec(file);
  if (!match) return undefined;
  return { kind: match[1] as 'projects' | 'users', page: Number(match[2]) };
}

/** Absolute URLs of one page of sitemap rows, each key turned into a page path by `toPath`. */
export function sitemapUrls(rows: SitemapRow[], toPath: (key: string) => string, origin: string): SitemapUrl[] {
  return rows.map((row) => ({ loc: `${origin}${toPath(row.key)}`, lastmod: row.lastModified }));
}
