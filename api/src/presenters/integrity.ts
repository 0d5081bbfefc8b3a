import type { ClusterEvidence, ClusterRow } from '@vitrine/db/queries/integrity';
import type { ProjectScoreRow } from '@vitrine/db/queries/project-score';
import type { IntegrityCluster, ProjectScore } from '@vitrine/domain/answers';

/** GET /api/projects/{id}/score: the row as it is (weights rounded to 6 places, against float noise). */
export function presentProjectScore(row: ProjectScoreRow): ProjectScore {
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return {
    ...row,
    weightedVotes: round(row.weightedVotes),
    trending: { ...row.trending, score: round(row.trending.score), ageHours: round(row.trending.ageHours) },
  };
}

/** A cluster of the Integrity tab with its evidence. */
export function presentCluster(row: ClusterRow, evidence: ClusterEvidence): IntegrityCluster {
  return {
    id: row.id,
    signal: row.signal,
    status: row.status,
    summary: row.evidence.summary,
    networks: row.evidence.networks,
    accounts: evidence.accounts.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    projects: evidence.projects,
    timeline: evidence.timeline.map((v) => ({ ...v, createdAt: v.createdAt.toISOString() })),
    voteCount: evidence.voteCount,
    reason: row.reason,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
