import { escapeHtml } from '@vitrine/domain/html';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from '@vitrine/domain/share-card';
import { serializeJsonLd, type JsonLd } from '../lib/json-ld';
import { documentTitle } from '../lib/site';

/** A feed a page offers to feed readers (`<link rel="alternate">`). */
export interface FeedLink {
  title: string;
  /** Path on the site, e.g. /feed.xml. */
  href: string;
  type: 'application/atom+xml' | 'application/rss+xml';
}

/** Everything the head of one page says about it; paths are relative to the site's origin. */
export interface PageMeta {
  /** The page's own title; the site name is appended ('{title} | {site}'), or the bare site name when null. */
  title: string | null;
  description: string;
  /** The canonical path (no query, except what changes the content). */
  path: string;
  /** OpenGraph type. */
  type: 'website' | 'article' | 'profile';
  /** Path of the share image: the share card (1200x630 PNG) unless imageInfo says otherwise. */
  image: string;
  /** Type and size of an image that is not a share card (a project's cover). */
  imageInfo?: { type: string; width: number; height: number };
  imageAlt: string;
  jsonLd: Array<{ id: string; data: JsonLd }>;
  feeds: FeedLink[];
  /** Pages that must not be indexed (not found, private areas). */
  noindex?: boolean;
}

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;

/**
 * The `<head>` tags of a page: title (ending with the site name), description, canonical URL,
 * OpenGraph and Twitter card tags with the share card, feed links and JSON-LD blocks (keyed by
 * `data-json-ld`, so the client's useJsonLd replaces rather than duplicates them).
 */
export function renderHead(page: PageMeta, site: { name: string; origin: string }): string {
  const url = `${site.origin}${page.path}`;
  const image = `${site.origin}${page.image}`;
  const title = documentTitle(page.title, site.name);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', page.description),
    page.noindex ? meta('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:type', page.type),
    meta('property', 'og:title', page.title ?? site.name),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', page.imageInfo?.type ?? 'image/png'),
    meta('property', 'og:image:width', String(page.imageInfo?.width ?? SHARE_CARD_WIDTH)),
    meta('property', 'og:image:height', String(page.imageInfo?.height ?? SHARE_CARD_HEIGHT)),
    meta('property', 'og:image:alt', page.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title ?? site.name),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', page.imageAlt),
    ...page.feeds.map(
      (f) => `<link rel="alternate" type="${f.type}" title="${escapeHtml(f.title)}" href="${escapeHtml(f.href)}" />`,
    ),
    ...page.jsonLd.map(
      ({ id, data }) =>
        `<script type="application/ld+json" data-json-ld="${escapeHtml(id)}">${serializeJsonLd(data)}</script>`,
    ),
  ];
  return tags.join('\n    ');
}
