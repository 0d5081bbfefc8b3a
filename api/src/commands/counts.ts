import type { StoredEvent } from '@vitrine/domain/events';
import type { ProjectRow } from '@vitrine/db/queries/projects';

/** A project's counts as vote.created and rating.saved carry them (the live push sends them as they are). */
export function countsOf(row: ProjectRow) {
  return {
    projectId: row.id,
    votes: row.votes,
    averageRating: Number(row.averageRating),
    totalRatings: row.totalRatings,
  };
}

/** The stored vote.created / rating.saved event a one-statement write recorded (its payload holds the same counts). */
export function countsEvent(name: 'vote.created' | 'rating.saved', id: number, row: ProjectRow): StoredEvent {
  return { id, name, ...countsOf(row) };
}
