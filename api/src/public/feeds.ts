import { Feed } from 'feed';
import { escapeHtml } from '@vitrine/domain/html';
import type { ProjectRow } from '@vitrine/db/queries/projects';
import { sitePaths, type FeedFormat } from '@vitrine/domain/site-paths';

/** Entries per feed: readers poll, they do not page. */
export const FEED_ITEMS = 30;

/** What a feed is about: its title, the page it mirrors, and its own addresses in both formats. */
export interface FeedSubject {
  title: string;
  description: string;
  /** The HTML page the feed mirrors, relative to the origin. */
  pagePath: string;
  /** The feed's own address per format, relative to the origin. */
  feedPaths: Record<FeedFormat, string>;
}

/** The MIME type of each format (the charset is UTF-8). */
export const FEED_CONTENT_TYPES: Record<FeedFormat, string> = {
  atom: 'application/atom+xml; charset=utf-8',
  rss: 'application/rss+xml; charset=utf-8',
};

function ratingText(row: ProjectRow): string {
  const average = Number(row.averageRating);
  return row.totalRatings > 0 ? `rated ${average.toFixed(1)}/10 (${row.totalRatings})` : 'no ratings yet';
}

/**
 * Renders an Atom 1.0 or RSS 2.0 document of `rows` (visible projects, newest first) with the
 * `feed` package: absolute links built on `origin`. The package marks titles and text as HTML, so
 * user text is escaped (a title '<b>' stays text). Atom names each entry's author; RSS 2.0 wants an
 * email there, which is private, so the author goes in the text instead.
 */
export function renderFeed(
  format: FeedFormat,
  subject: FeedSubject,
  rows: ProjectRow[],
  site: { name: string; origin: string },
): string {
  const { origin } = site;
  const feedUrl = `${origin}${subject.feedPaths[format]}`;
  const newest = rows.reduce<Date | null>((max, row) => (!max || row.createdAt > max ? row.createdAt : max), null);
  const feed = new Feed({
    id: feedUrl,
    title: `${subject.title} | ${site.name}`,
    description: subject.description,
    link: `${origin}${subject.pagePath}`,
    language: 'en',
    updated: newest ?? new Date(0),
    generator: site.name,
    feedLinks: { atom: `${origin}${subject.feedPaths.atom}`, rss: `${origin}${subject.feedPaths.rss}` },
    author: { name: site.name, link: `${origin}/` },
    copyright: `Each project belongs to its author; listed on ${site.name}.`,
  });
  for (const row of rows) {
    const link = `${origin}${sitePaths.project(row.id)}`;
    const byline = row.username ? ` · by ${row.username}` : '';
    feed.addItem({
      id: link,
      title: escapeHtml(row.title),
      link,
      date: row.createdAt,
      published: row.createdAt,
      description: escapeHtml(row.description),
      content: `<p>${escapeHtml(row.description)}</p><p>${escapeHtml(`${row.category} · ${row.votes} votes · ${ratingText(row)}${byline}`)}</p>`,
      category: [{ name: row.category, term: row.category }],
      author:
        format === 'atom' && row.username
          ? [{ name: row.username, link: `${origin}${sitePaths.user(row.username)}` }]
          : undefined,
    });
  }
  return format === 'atom' ? feed.atom1() : feed.rss2();
}
