import type { Comment, ProjectDetail } from '@vitrine/domain/answers';
import type { JsonLd } from '../../../lib/json-ld';
import { tagList } from '../../../lib/tags';

/** A comment (with its replies) as schema.org Comment: its text, author and time. Deleted and hidden ones are left out. */
function commentJsonLd(comment: Comment, origin: string): JsonLd | null {
  if (comment.deleted || !comment.body || !comment.author?.username) return null;
  const replies = (comment.replies ?? []).map((reply) => commentJsonLd(reply, origin)).filter((c) => c !== null);
  return {
    '@type': 'Comment',
    text: comment.body,
    dateCreated: comment.createdAt,
    author: {
      '@type': 'Person',
      name: comment.author.username,
      url: `${origin}/users/${encodeURIComponent(comment.author.username)}`,
    },
    comment: replies.length > 0 ? replies : undefined,
  };
}

/**
 * SoftwareApplication JSON-LD: free software with an aggregate rating on a 1-10 scale, its author and
 * votes, its comment count and (where the server render read them) its first comments.
 */
export function projectJsonLd(project: ProjectDetail, origin: string, comments?: Comment[]): JsonLd {
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
  data.commentCount = project.commentCount;
  const shown = (comments ?? []).map((comment) => commentJsonLd(comment, origin)).filter((c) => c !== null);
  if (shown.length > 0) data.comment = shown;
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
