import { CATEGORIES, type Category } from './constants';

/** Public addresses of the site's pages, feeds and cards, relative to the site's origin. */
export const sitePaths = {
  project: (id: number) => `/projects/${id}`,
  user: (username: string) => `/users/${encodeURIComponent(username)}`,
  testRequests: '/test-requests',
  testRequest: (id: number | string) => `/test-requests/${id}`,
  projectCard: (id: number, version: string) => `/cards/projects/${id}.png?v=${version}`,
  siteCard: '/cards/site.png',
  latestFeed: (format: FeedFormat) => (format === 'atom' ? '/feed.xml' : '/feeds/latest.rss'),
  trendingFeed: (format: FeedFormat) => `/feeds/trending.${format}`,
  projectFeed: (id: number, format: FeedFormat) => `/feeds/projects/${id}.${format}`,
  userFeed: (username: string, format: FeedFormat) => `/feeds/users/${encodeURIComponent(username)}.${format}`,
  categoryFeed: (category: Category, format: FeedFormat) => `/feeds/categories/${categorySlug(category)}.${format}`,
  moderation: '/moderation',
  /** The member's webhooks section of /settings. */
  webhooks: '/settings#webhooks',
  moderationFeed: (format: FeedFormat) => `/feeds/moderation.${format}`,
} as const;

/** The two feed formats: Atom 1.0 and RSS 2.0. */
export type FeedFormat = 'atom' | 'rss';

/** A category's address form: 'AI/ML' -> 'ai-ml', 'Web App' -> 'web-app'. */
export function categorySlug(category: Category): string {
  return category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The category of a slug, or undefined for an unknown one. */
export function categoryOfSlug(slug: string): Category | undefined {
  return CATEGORIES.find((c) => categorySlug(c) === slug);
}

/** Splits 'name.atom' / 'name.rss' into its name and format, or undefined when it is neither. */
export function parseFeedFile(file: string): { name: string; format: FeedFormat } | undefined {
  const match = /^(.+)\.(atom|rss)$/.exec(file);
  if (!match) return undefined;
  return { name: match[1]!, format: match[2] as FeedFormat };
}
