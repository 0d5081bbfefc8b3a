import type { ProfileProjectRow, ProfileUserRow } from '@vitrine/db/queries/profiles';
import type { ProfileRequest, UserOption, UserProfile } from '@vitrine/domain/answers';
import { presentPeerRatings } from './peer-ratings';

/** GET /api/users/{username}: public user fields (never email or flags) and the listed projects. */
export function presentProfile(
  user: ProfileUserRow,
  projects: ProfileProjectRow[],
  requests: Array<{
    id: number;
    title: string;
    projectTitle: string;
    status: ProfileRequest['status'];
    asOwner: boolean;
  }>,
  viewerFollows: boolean,
): UserProfile {
  return {
    user: {
      username: user.username,
      createdAt: user.createdAt.toISOString(),
      role: user.role,
      isVerified: user.isVerified,
      bio: user.bio,
      activityPoints: user.activityPoints,
      followers: user.followerCount,
      following: user.followingCount,
      viewerFollows,
      feedbackAddressed: user.feedbackAddressed,
      ...presentPeerRatings(user),
    },
    requests: requests.map((r) => ({
      id: r.id,
      title: r.title,
      projectTitle: r.projectTitle,
      status: r.status,
      as: r.asOwner ? 'owner' : 'tester',
    })),
    projects: projects.map((p) => ({
      id: p.id,
      title: p.title,
      description: p.description,
      category: p.category,
      tags: p.tags,
      votes: p.votes,
      views: p.views,
      createdAt: p.createdAt.toISOString(),
      averageRating: Number(p.averageRating),
      totalRatings: p.totalRatings,
      isHidden: p.isHidden,
      downSince: p.downSince?.toISOString() ?? null,
    })),
  };
}

/** A recipient-picker entry. */
export function presentUserOption(row: { id: number; username: string }): UserOption {
  return { id: row.id, username: row.username };
}
