import type { ProjectDetail } from '@vitrine/domain/types';
import type { JsonLd } from '../../../lib/json-ld';
import { tagList } from '../../../lib/tags';

/** SoftwareApplication JSON-LD: free software with an aggregate rating on a 1-10 scale, its author and votes. */
export function projectJsonLd(project: ProjectDetail, origin: string): JsonLd {
  const pageUrl = `${origin}/projects/${project.id}`;
  const data: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: project.title,
    description: project.description,
    url: pageUrl,
    sameAs: project.replitUrl,
    applicationCategory: project.category,
    operatingSystem: 'Web',
    datePublished: project.createdAt,
    keywords: tagList(project.tags).join(', ') || undefined,
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
    author: project.username
      ? { '@type': 'Person', name: project.username, url: `${origin}/users/${encodeURIComponent(project.username)}` }
      : undefined,
    // Votes as a count of likes (schema.org has no "vote" action).
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: 'https://schema.org/LikeAction',
      userInteractionCount: project.votes,
    },
  };
  if (project.totalRatings > 0) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: Number(project.averageRating).toFixed(1),
      ratingCount: project.totalRatings,
      bestRating: 10,
      worstRating: 1,
    };
  }
  return data;
}
