/** Paths crawlers are asked to leave alone: the private areas and the JSON API. */
const ROBOTS_DISALLOW = ['/admin', '/messages', '/auth', '/api/'] as const;

/** robots.txt: everything public may be crawled; the sitemap index is named. */
export function renderRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
