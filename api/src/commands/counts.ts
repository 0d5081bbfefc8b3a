import type { StoredEvent } from '@vitrine/domain/events';
import type { ProjectRow } from '@vitrine/db/queries/projects';

/**
 * The stored vote.created / rating.saved event a counter write recorded, rebuilt from the row its
 * statement returned (the payload the SQL wrote holds the same counts).
 */
export function countsEvent(name: 'vote.created' | 'rating.saved', id: number, row: ProjectRow): StoredEvent {
  return {
    id,
    name,
    projectId: row.id,
    votes: row.votes,
    averageRating: Number(row.averageRating),
    totalRatings: row.totalRatings,
  };
}
