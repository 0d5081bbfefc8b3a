import { Feed } from 'feed';
import { escapeHtml } from '@vitrine/domain/html';
import { sitePaths, type FeedFormat } from '@vitrine/domain/site-paths';
import type { UpdateRow } from '@vitrine/db/queries/project-updates';

/**
 * A visible project's updates (devlog) as an Atom 1.0 or RSS 2.0 document, newest first: each entry
 * links to the update on the project's page and carries its HTML as rendered when written (the safe
 * markdown subset of api/src/markdown.ts); titles are escaped (the `feed` package marks text as HTML).
 */
export function renderUpdatesFeed(
  format: FeedFormat,
  project: { id: number; title: string; username: string | null },
  rows: UpdateRow[],
  site: { name: string; origin: string },
): string {
  const { origin } = site;
  const page = `${origin}${sitePaths.project(project.id)}`;
  const feed = new Feed({
    id: `${origin}${sitePaths.projectFeed(project.id, format)}`,
    title: `Updates of ${project.title} | ${site.name}`,
    description: `What changed in ${project.title}, posted by its maker.`,
    link: page,
    language: 'en',
    updated: rows[0]?.editedAt ?? rows[0]?.createdAt ?? new Date(0),
    generator: site.name,
    feedLinks: {
      atom: `${origin}${sitePaths.projectFeed(project.id, 'atom')}`,
      rss: `${origin}${sitePaths.projectFeed(project.id, 'rss')}`,
    },
    author: { name: project.username ?? site.name, link: `${origin}/` },
    copyright: `Each update belongs to the project's maker; listed on ${site.name}.`,
  });
  for (const row of rows) {
    const link = `${page}#update-${row.id}`;
    feed.addItem({
      id: link,
      title: escapeHtml(row.title),
      link,
      date: row.editedAt ?? row.createdAt,
      published: row.createdAt,
      content: row.html,
      author:
        format === 'atom' && row.authorUsername
          ? [{ name: row.authorUsername, link: `${origin}${sitePaths.user(row.authorUsername)}` }]
          : undefined,
    });
  }
  return format === 'atom' ? feed.atom1() : feed.rss2();
}
