import type { UserRow } from '@vitrine/db/queries/users';
import type { CurrentUser } from '@vitrine/domain/answers';
import { presentPeerRatings } from './peer-ratings';

/**
 * The current-user answer (id, username, email, isAdmin; plus isPaused so the client can
 * explain refusals, and the tester role, settings and tiers for the header menu and /settings).
 */
export function presentCurrentUser(user: UserRow): CurrentUser {
  const { developerTier, testerTier } = presentPeerRatings(user);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    isAdmin: user.isAdmin,
    isPaused: user.isPaused,
    role: user.role,
    bio: user.bio,
    developerTier,
    testerTier,
    emailVerified: user.email !== null && user.emailVerifiedAt !== null,
  };
}
