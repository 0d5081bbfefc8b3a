import { useApi } from '../../hooks/use-api';
import type { UserProfile } from '@vitrine/domain/answers';
import { PROFILE_TOP_PROJECTS } from '@vitrine/domain/constants';
import { userKey } from './keys';

/** GET /api/users/{username}. */
export function useUserProfile(username: string) {
  return useApi(userKey(username));
}

/** Totals shown on a profile: project count, total votes, total views. */
export function profileTotals(projects: UserProfile['projects']): { projects: number; votes: number; views: number } {
  return projects.reduce(
    (acc, p) => ({ projects: acc.projects + 1, votes: acc.votes + p.votes, views: acc.views + p.views }),
    {
      projects: 0,
      votes: 0,
      views: 0,
    },
  );
}

/** 'Most Popular Projects': the top 3 by votes, ties to the newer project. */
export function mostPopular(
  projects: UserProfile['projects'],
  count: number = PROFILE_TOP_PROJECTS,
): UserProfile['projects'] {
  return [...projects]
    .sort((a, b) => b.votes - a.votes || Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, count);
}
