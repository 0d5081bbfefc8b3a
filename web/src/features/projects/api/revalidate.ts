import { isRankedByVotes } from '../../../lib/live-keys';
import { revalidate, revalidateWhere } from '../../../lib/revalidate';

/**
 * Refreshes what a vote, rating or submission changes: every project read (detail,
 * leaderboard, top contributors), profiles, and every mounted infinite list (all loaded pages).
 */
export async function revalidateProjects(): Promise<void> {
  await revalidate(['projects']);
}

/**
 * Refreshes, after this viewer's vote, the lists ranked by votes (Trending, the leaderboards, Top
 * Contributors), whose order the vote may change. Everything else showing the project took the count
 * from the vote's answer (lib/project-cache.ts voteInCache) and follows the pushes.
 */
export async function revalidateRankings(): Promise<void> {
  await revalidateWhere(isRankedByVotes);
}
