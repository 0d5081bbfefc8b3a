import type { ProjectRow } from '@vitrine/db/queries/projects';
import type { LeaderboardRow, TopContributorRow } from '@vitrine/db/queries/rankings';
import type { LeaderboardEntry, Project, ProjectDetail, TopContributor, ViewerState } from '@vitrine/domain/answers';
import { badgeTier } from '@vitrine/domain/display';
import type { HealthRow } from '@vitrine/db/queries/project-health';
import { can, type Actor } from '../policies';
import type { MediaRow } from '@vitrine/db/queries/project-media';
import { presentMedia } from './media';
import { presentHealth } from './health';

/** A project as every list and answer shows it, with the viewer's own state (hasVoted, myRating, canEdit). */
export function presentProject(row: ProjectRow, viewer: Actor | null): Project {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    replitUrl: row.replitUrl,
    category: row.category,
    tags: row.tags,
    userId: row.userId,
    username: row.username,
    votes: row.votes,
    views: row.views,
    totalRatings: row.totalRatings,
    averageRating: Number(row.averageRating),
    reportCount: row.reportCount,
    commentCount: row.commentCount,
    isHidden: row.isHidden,
    createdAt: row.createdAt.toISOString(),
    hasVoted: row.hasVoted,
    myRating: row.myRating,
    canEdit: can(viewer, 'project.edit', row),
    ownerTier: row.ownerTierCount === null ? null : badgeTier(Number(row.ownerTierRating), row.ownerTierCount),
    cover: row.cover ? presentMedia(row.cover) : null,
    downSince: row.downSince?.toISOString() ?? null,
  };
}

/** GET /api/projects/{id}: the project with the counts of ratings 1..10, its pictures in order and its health. */
export function presentProjectDetail(
  row: ProjectRow,
  distribution: number[],
  media: MediaRow[],
  health: HealthRow,
  viewer: Actor | null,
): ProjectDetail {
  return {
    ...presentProject(row, viewer),
    ratingDistribution: distribution,
    media: media.map(presentMedia),
    health: presentHealth(health),
    updates: row.updateCount,
  };
}

/** A leaderboard entry: `votes` is the count in the board's range, `rank` counts from 1 over all pages. */
export function presentLeaderboardEntry(row: LeaderboardRow, rank: number, viewer: Actor | null): LeaderboardEntry {
  return { ...presentProject(row, viewer), votes: row.rangeVotes, rank };
}

/** A top contributor, ranked from 1. */
export function presentTopContributor(row: TopContributorRow, rank: number): TopContributor {
  return {
    rank,
    userId: row.userId,
    username: row.username,
    projectCount: row.projectCount,
    totalVotes: row.totalVotes,
  };
}

/** The viewer's own state of a project (GET /api/projects/viewer-state). */
export function presentViewerState(
  row: Pick<ProjectRow, 'id' | 'userId' | 'isHidden' | 'hasVoted' | 'myRating'>,
  viewer: Actor | null,
): ViewerState {
  return { id: row.id, hasVoted: row.hasVoted, myRating: row.myRating, canEdit: can(viewer, 'project.edit', row) };
}
