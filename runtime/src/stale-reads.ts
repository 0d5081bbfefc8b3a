import type { DomainEvent } from '@vitrine/domain/events';

/**
 * Tags of the shared reads (api/src/cache): what a cached answer depends on. A change publishes the
 * tags it makes stale on staleReadsChannel; every API node drops its entries carrying one of them.
 */
export const STALE = {
  /** Every shared read (a project appeared, disappeared, or changed owner data). */
  all: '*',
  /** The ranking boards (trending, leaderboard, top contributors): the worker swapped one. */
  boards: 'boards',
  /** Lists ordered by a counter: their order moves when any project's counter does. */
  order: (counter: 'votes' | 'views') => `order:${counter}`,
  /** Every shared read that shows this project. */
  project: (id: number) => `project:${id}`,
} as const;

/** The Redis pub/sub channel of stale-read tags of a deployment prefix (every API node subscribes). */
export function staleReadsChannel(prefix: string): string {
  return `${prefix}stale-reads`;
}

/** The shared reads an event makes stale (empty: none). */
export function staleTagsOf(event: DomainEvent): string[] {
  switch (event.name) {
    case 'vote.created':
      return [STALE.project(event.projectId), STALE.order('votes')];
    case 'rating.saved':
    case 'project.updated':
    case 'report.created':
      // report.created: the project's reportCount is part of every read showing it.
      return [STALE.project(event.projectId)];
    case 'project.created':
    case 'project.hidden':
    case 'project.deleted':
    case 'user.deleted':
      return [STALE.all];
    case 'userRating.saved':
    case 'userRating.removed':
      // The rated user's developer rating is their tier on every card of theirs (Project.ownerTier).
      return [STALE.all];
    case 'message.created':
    case 'message.copyConfirmed':
    case 'visitorReply.created':
    case 'email.confirmationRequested':
    case 'user.updated':
    case 'testRequest.created':
    case 'testRequest.updated':
    case 'tester.joined':
    case 'tester.left':
    case 'feedback.posted':
    case 'feedback.markedHelpful':
      // user.updated: admin and pause flags, role and bio, which no shared read shows; test requests
      // are read through their own calls, never through a shared read; email confirmations
      // touch no shared read.
      return [];
  }
}

/** The shared reads a group of events makes stale, each tag once (one announcement for the group). */
export function staleTagsOfAll(events: readonly DomainEvent[]): string[] {
  return [...new Set(events.flatMap(staleTagsOf))];
}
