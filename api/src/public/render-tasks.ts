import type { ShareCardFields } from '@vitrine/domain/share-card';
import { parseSitemapText } from '@vitrine/db/queries/syndication';
import { sitePaths } from '@vitrine/domain/site-paths';
import { renderProjectCard, renderSiteCard } from './share-card';
import { renderUrlSet, sitemapUrls } from './sitemap';

/** One CPU-heavy render, as it travels to a thread of the render pool (render-pool.ts). */
export type RenderTask =
  | { kind: 'projectCard'; fields: ShareCardFields; siteName: string }
  | { kind: 'siteCard'; siteName: string; tagline: string }
  | { kind: 'urlSet'; rows: string; pages: 'projects' | 'users'; origin: string };

/** A card's PNG bytes, or a sitemap file's XML. */
export type RenderResult = Uint8Array | string;

/** Runs `task` (in a render thread; also callable in-process). */
export default async function render(task: RenderTask): Promise<RenderResult> {
  switch (task.kind) {
    case 'projectCard':
      return renderProjectCard(task.fields, task.siteName);
    case 'siteCard':
      return renderSiteCard(task.siteName, task.tagline);
    case 'urlSet': {
      const toPath = task.pages === 'projects' ? (key: string) => sitePaths.project(Number(key)) : sitePaths.user;
      return renderUrlSet(sitemapUrls(parseSitemapText(task.rows), toPath, task.origin));
    }
  }
}
