import { revalidate } from '../../../lib/revalidate';

/**
 * Refreshes what a vote, rating or submission changes: every project read (detail,
 * leaderboard, top contributors), profiles, and every mounted infinite list (all loaded pages).
 */
export async function revalidateProjects(): Promise<void> {
  await revalidate(['projects']);
}
