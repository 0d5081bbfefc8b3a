import { mutate } from 'swr';
import { keysOf } from '../../../lib/live-keys';

/** Infinite lists register their bound mutate here; SWR's filter mutate skips infinite keys. */
const listRevalidators = new Set<() => unknown>();

/** Registers a list's revalidator; returns the unregister function (use in an effect). */
export function registerListRevalidator(revalidate: () => unknown): () => void {
  listRevalidators.add(revalidate);
  return () => {
    listRevalidators.delete(revalidate);
  };
}

/**
 * Refreshes what a vote, rating or submission changes (§7): every project read (detail,
 * leaderboard, top contributors), profiles, and every mounted infinite list (all loaded pages).
 */
export async function revalidateProjects(): Promise<void> {
  await Promise.all([
    mutate(keysOf('projects')),
    ...[...listRevalidators].map((revalidate) => revalidate()),
  ]);
}
