import { Feed } from 'feed';
import { escapeHtml } from '@vitrine/domain/html';
import { MODERATION_ACTIONS, REDACTED_USER } from '@vitrine/domain/moderation-log';
import { sitePaths, type FeedFormat } from '@vitrine/domain/site-paths';
import type { ModerationEntryRow } from '@vitrine/db/queries/moderation-log';

/** The words an entry names its subject with: a title, a username, or the deleted user's redaction. */
export function moderationSubjectText(row: ModerationEntryRow): string {
  const kind = MODERATION_ACTIONS[row.action].subject;
  if (kind === 'user') return row.username ?? REDACTED_USER;
  if (row.subjectTitle) return `“${row.subjectTitle}”`;
  if (row.username) return `${kind} about ${row.username}`;
  return `${kind} #${row.subjectId}`;
}

/**
 * The public moderation log as an Atom 1.0 or RSS 2.0 document (newest first), with the same texts as
 * /moderation: the action, its subject and its public reason, escaped (the `feed` package marks text as
 * HTML). Nothing private is in the rows (db/src/queries/moderation-log.ts).
 */
export function renderModerationFeed(
  format: FeedFormat,
  rows: ModerationEntryRow[],
  site: { name: string; origin: string },
): string {
  const { origin } = site;
  const page = `${origin}${sitePaths.moderation}`;
  const feed = new Feed({
    id: `${origin}${sitePaths.moderationFeed(format)}`,
    title: `Moderation log | ${site.name}`,
    description: 'Every moderation action on the showcase, with its public reason.',
    link: page,
    language: 'en',
    updated: rows[0]?.createdAt ?? new Date(0),
    generator: site.name,
    feedLinks: {
      atom: `${origin}${sitePaths.moderationFeed('atom')}`,
      rss: `${origin}${sitePaths.moderationFeed('rss')}`,
    },
    author: { name: site.name, link: `${origin}/` },
    copyright: `The moderators of ${site.name}.`,
  });
  for (const row of rows) {
    const title = `${MODERATION_ACTIONS[row.action].label}: ${moderationSubjectText(row)}`;
    feed.addItem({
      id: `${page}#entry-${row.id}`,
      title: escapeHtml(title),
      link: `${page}#entry-${row.id}`,
      date: row.createdAt,
      published: row.createdAt,
      description: escapeHtml(row.reason),
      content: `<p>${escapeHtml(row.reason)}</p>`,
    });
  }
  return format === 'atom' ? feed.atom1() : feed.rss2();
}
