import { useEffect } from 'react';
import { DEFAULT_SITE_NAME } from '@vitrine/domain/constants';
import type { SocialLinks } from '@vitrine/domain/ssr';

/** The site name while rendering on the server (entry-server.tsx sets it from the API's config). */
let serverSiteName: string | null = null;

/** Called by the server renderer: there is no document to read the name from. */
export function setServerSiteName(name: string): void {
  serverSiteName = name;
}

/**
 * The site name the server wrote into `<meta name="site-name">` (it replaces %SITE_NAME%);
 * the dev server leaves the placeholder, so that falls back to the default name.
 */
export function siteName(): string {
  if (typeof document === 'undefined') return serverSiteName ?? DEFAULT_SITE_NAME;
  const content = document.querySelector('meta[name="site-name"]')?.getAttribute('content')?.trim();
  if (!content || content.includes('%SITE_NAME%')) return DEFAULT_SITE_NAME;
  return content;
}

/** No social links: the bare shell and the dev server, which get no page data. */
const NO_SOCIAL_LINKS: SocialLinks = { github: null, bluesky: null };

/** The site's social links: set by the server renderer per page, and in the browser from its page data. */
let socialLinksSetting: SocialLinks = NO_SOCIAL_LINKS;

/** Called by the server renderer (from the API's config) and by start.tsx (from the page data) before rendering. */
export function setSocialLinks(links: SocialLinks | undefined): void {
  socialLinksSetting = links ?? NO_SOCIAL_LINKS;
}

/** The site's own accounts (GITHUB_URL, BLUESKY_URL); null ones are not configured. */
export function socialLinks(): SocialLinks {
  return socialLinksSetting;
}

/** SITE_URL as the server's page data carried it; null on the bare shell and the dev server. */
let siteUrlSetting: string | null = null;

/** Called by the server renderer (from the API's config) and by start.tsx (from the page data) before rendering. */
export function setSiteUrl(url: string | undefined): void {
  siteUrlSetting = url ?? null;
}

/**
 * The site's address for absolute links the page hands out (badge snippets): SITE_URL, or the page's
 * origin where the server sent none.
 */
export function siteUrl(): string {
  return siteUrlSetting ?? pageOrigin();
}

/**
 * The page's origin, for JSON-LD built during render: the browser's, and '' on the server, where
 * the hooks that use it (effects) never run; the server's head tags get the origin from the request.
 */
export function pageOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** '{page} | {site}', or the bare site name when there is no page title. */
export function documentTitle(page: string | null | undefined, site: string = siteName()): string {
  return page ? `${page} | ${site}` : site;
}

/** Sets the document title for the life of the calling page. */
export function useDocumentTitle(page: string | null | undefined): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}

/** Sets `<meta name="description">` for the life of the calling page. */
export function useMetaDescription(text: string | null | undefined): void {
  useEffect(() => {
    if (!text) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = text;
    return () => {
      if (meta) meta.content = previous;
    };
  }, [text]);
}
