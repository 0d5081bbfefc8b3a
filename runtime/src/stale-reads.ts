import type { DomainEvent } from '@vitrine/domain/events';
import { runEffect, type EffectHandlers } from '@vitrine/domain/event-effects';

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

/** The tags of each stale-reads effect (domain/src/event-effects.ts). */
const STALE_TAGS: EffectHandlers<'staleReads', DomainEvent, [], string[]> = {
  none: () => [],
  project: (event) => [STALE.project(event.projectId)],
  projectAndVoteOrder: (event) => [STALE.project(event.projectId), STALE.order('votes')],
  all: () => [STALE.all],
};

/** The shared reads an event makes stale (empty: none), as its row of EVENT_EFFECTS says. */
export function staleTagsOf(event: DomainEvent): string[] {
  return runEffect(STALE_TAGS, 'staleReads', event);
}

/** The shared reads a group of events makes stale, each tag once (one announcement for the group). */
export function staleTagsOfAll(events: readonly DomainEvent[]): string[] {
  return [...new Set(events.flatMap(staleTagsOf))];
}
