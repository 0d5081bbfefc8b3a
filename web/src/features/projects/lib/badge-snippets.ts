import { badgePath, type BadgeOptions } from '@vitrine/domain/badges';
import { escapeHtml } from '@vitrine/domain/html';
import { sitePaths } from '@vitrine/domain/site-paths';

/** What the owner pastes on their own site: the badge's absolute address, and the HTML and Markdown embeds. */
export interface BadgeSnippets {
  url: string;
  /** The badge's alternative text: the project's title and the site's name. */
  alt: string;
  html: string;
  markdown: string;
}

/** Text made literal inside a Markdown link's text (its brackets and backslashes escaped). */
function markdownText(text: string): string {
  return text.replace(/[\\[\]]/g, (c) => `\\${c}`);
}

/**
 * The embeds of project `projectId`'s badge with `options`: an image linking back to the project's
 * page, both on `siteUrl` (SITE_URL, lib/site.ts siteUrl) so they work on any other site.
 */
export function badgeSnippets(opts: {
  siteUrl: string;
  siteName: string;
  projectId: number;
  title: string;
  options: BadgeOptions;
}): BadgeSnippets {
  const origin = opts.siteUrl.replace(/\/+$/, '');
  const url = `${origin}${badgePath(opts.projectId, opts.options)}`;
  const page = `${origin}${sitePaths.project(opts.projectId)}`;
  const alt = `${opts.title} on ${opts.siteName}`;
  return {
    url,
    alt,
    html: `<a href="${escapeHtml(page)}"><img src="${escapeHtml(url)}" alt="${escapeHtml(alt)}"></a>`,
    markdown: `[![${markdownText(alt)}](${url})](${page})`,
  };
}
