import type { ProfileProjectRow, ProfileUserRow } from '@vitrine/db/queries/profiles';
import type { UserOption, UserProfile } from '@vitrine/domain/types';

/** GET /api/users/{username}: public user fields (never email or flags) and the listed projects. */
export function presentProfile(user: ProfileUserRow, projects: ProfileProjectRow[]): UserProfile {
  return {
    user: { username: user.username, createdAt: user.createdAt.toISOString(), role: user.role, isVerified: user.isVerified, bio: user.bio },
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
    })),
  };
}

/** A recipient-picker entry. */
export function presentUserOption(row: { id: number; username: string }): UserOption {
  return { id: row.id, username: row.username };
}
