import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useJsonLd, type JsonLd } from '../../lib/json-ld';
import { pageOrigin, siteName, useDocumentTitle, useMetaDescription } from '../../lib/site';

/** The kinds of static page (schema.org types). */
export type StaticPageType = 'WebPage' | 'AboutPage';

/** WebPage / AboutPage JSON-LD of a static page at `url`. */
export function staticPageJsonLd(
  page: { title: string; description: string; schemaType: StaticPageType; lastUpdated?: string },
  url: string,
  origin: string,
  name: string,
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': page.schemaType,
    name: page.title,
    description: page.description,
    url,
    isPartOf: { '@type': 'WebSite', name, url: `${origin}/` },
    ...(page.lastUpdated ? { dateModified: page.lastUpdated } : {}),
  };
}

/** Frame and metadata of the About, Terms and Privacy pages (title, description, WebPage JSON-LD). */
export function StaticPage({
  title,
  description,
  schemaType = 'WebPage',
  lastUpdated,
  children,
}: {
  title: string;
  description: string;
  schemaType?: StaticPageType;
  lastUpdated?: string;
  children: ReactNode;
}) {
  const [location] = useLocation();
  useDocumentTitle(title);
  useMetaDescription(description);
  useJsonLd(
    'static-page',
    staticPageJsonLd(
      { title, description, schemaType, lastUpdated },
      `${pageOrigin()}${location}`,
      pageOrigin(),
      siteName(),
    ),
  );
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <header className="border-b border-zinc-200 pb-6 dark:border-zinc-800">
        <h1 className="text-3xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">{title}</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">{description}</p>
      </header>
      <div className="mt-8 space-y-8 text-[15px] leading-7 text-zinc-700 dark:text-zinc-300 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-zinc-900 dark:[&_h2]:text-zinc-50 [&_li]:ml-5 [&_li]:list-disc [&_p+p]:mt-3">
        {children}
      </div>
    </article>
  );
}

/** 'Last updated April 26, 2025' line of Terms and Privacy. */
export const LEGAL_LAST_UPDATED = 'April 26, 2025';
export const LEGAL_LAST_UPDATED_ISO = '2025-04-26';
/** The description of the Terms and Privacy pages. */
export const LEGAL_DESCRIPTION = `Last updated ${LEGAL_LAST_UPDATED}`;

/** Frame of the Terms and Privacy pages: 'Last updated …' under the title and again at the end. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <StaticPage title={title} description={LEGAL_DESCRIPTION} lastUpdated={LEGAL_LAST_UPDATED_ISO}>
      {children}
      <p className="text-sm text-zinc-500 dark:text-zinc-400">Last updated {LEGAL_LAST_UPDATED}</p>
    </StaticPage>
  );
}

/** The in-text 'contact page' link of the legal pages. */
export function ContactPageLink() {
  return (
    <Link href="/contact" className="font-medium text-accent-700 underline dark:text-accent-300">
      contact page
    </Link>
  );
}
