import type { BadgeFacts } from '@vitrine/domain/badges';
import { uptimeShare } from '@vitrine/domain/liveness';
import type { Tx } from '../sql';
import { leaderboardRankColumn } from './project-score';
import { checksOfProjectColumn } from './project-health';
import { projectTestersColumn } from './test-request-testers';
import { projectFeedbackAddressedColumn } from './project-updates';

/**
 * The reads behind a project's live badge (api/src/routes/badges.ts): read once per snapshot, never
 * per hit. Writes nothing; each figure is a fragment of the module that owns its table.
 */
export function makeBadgeQueries(sql: Tx) {
  return {
    /**
     * What the badge of visible project `projectId` shows, or undefined when it is missing or hidden:
     * one statement, each figure an index lookup (the rank reads the leaderboard's BOARD_SIZE rows).
     */
    async findBadgeFacts(projectId: number): Promise<BadgeFacts | undefined> {
      const [row] = await sql<
        {
          title: string;
          votes: number;
          rank: number | null;
          upChecks: number;
          failedChecks: number;
          testers: number;
          feedbackAddressed: number;
        }[]
      >`
        SELECT p.title, p.votes,
          ${leaderboardRankColumn(sql)} AS rank,
          ${checksOfProjectColumn(sql, 'up')} AS up_checks,
          ${checksOfProjectColumn(sql, 'fail')} AS failed_checks,
          ${projectTestersColumn(sql)} AS testers,
          ${projectFeedbackAddressedColumn(sql)} AS feedback_addressed
        FROM projects p WHERE p.id = ${projectId} AND NOT p.is_hidden`;
      if (!row) return undefined;
      return {
        title: row.title,
        votes: row.votes,
        rank: row.rank,
        uptime: uptimeShare(row.upChecks, row.failedChecks),
        testers: row.testers,
        feedbackAddressed: row.feedbackAddressed,
      };
    },

    /** The highest project id there is (0 with none): ids above it need no read (the primary key's last entry). */
    async maxProjectId(): Promise<number> {
      const [row] = await sql<{ max: number | null }[]>`SELECT max(id) AS max FROM projects`;
      return row?.max ?? 0;
    },
  };
}
